import { randomBytes } from 'node:crypto'
import {
  parseSiwxMessage,
  type SiwxAddSessionBody,
  type SiwxAddSessionReply,
  type SiwxNonceReply,
  type SiwxSession,
} from '@modalkit/protocol'
import { hashToken } from '../auth/randomToken.ts'
import type { Db } from '../db/Db.ts'
import { siwxErrors } from './siwxErrors.ts'
import { verifySiwxSignature } from './verifySiwxSignature.ts'

/** How long a nonce waits for its signed message (the user reads it, the wallet asks). */
export const SIWX_NONCE_TTL_MS = 10 * 60_000
/** How long a session lives when its message names no expiration time. */
export const SIWX_SESSION_TTL_MS = 7 * 24 * 60 * 60_000

export type SiwxDeps = {
  db: Db
  now: () => number
  /** The chain's RPC upstream (EIP-1271 / EIP-6492 accounts are asked on the chain they sign for). */
  rpcUrl: (caipNetworkId: string) => string | undefined
  /** Counts one nonce or sign-in of the calling client; throws 429 past its limit (hitRateLimit). */
  limit: () => Promise<void>
}

/** Where a request comes from: the project, and the site origin the modal reported from the handshake. */
export type SiwxSite = { projectId: string; siteOrigin: string }

/** A single-use 128-bit nonce for one sign-in on this site, stored until it is used or expires. */
export async function issueSiwxNonce(deps: SiwxDeps, site: SiwxSite): Promise<SiwxNonceReply> {
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = deps.now() + SIWX_NONCE_TTL_MS
  await deps.db.query(
    'insert into siwx_nonces (nonce, project_id, site_origin, expires_at) values ($1, $2, $3, $4)',
    [nonce, site.projectId, site.siteOrigin, expiresAt],
  )
  return { nonce, expiresAt }
}

/**
 * Verifies a signed sign-in message and stores its session (SECURITY.md "SIWX session"). The fields
 * come from the signed text itself. Refused: another domain or URI than the site's, a message
 * outside its validity window, a chain the API has no node for, a nonce that is unknown, of another
 * site, expired or already used (consumed atomically, so two replicas cannot both accept it), and a
 * signature that is not the account's.
 */
export async function addSiwxSession(
  deps: SiwxDeps,
  site: SiwxSite,
  body: SiwxAddSessionBody,
): Promise<SiwxAddSessionReply> {
  const data = parseSiwxMessage(body.message)
  if (!data) throw siwxErrors.malformed()
  const origin = new URL(site.siteOrigin)
  if (data.domain !== origin.host || new URL(data.uri).origin !== origin.origin) throw siwxErrors.domain()
  const now = deps.now()
  const expiresAt = data.expirationTime ? Date.parse(data.expirationTime) : now + SIWX_SESSION_TTL_MS
  if (!(expiresAt > now)) throw siwxErrors.expired()
  if (data.notBefore && Date.parse(data.notBefore) > now) throw siwxErrors.notYetValid()
  const [namespace] = data.chainId.split(':')
  const rpcUrl = deps.rpcUrl(data.chainId)
  if (namespace === 'eip155' && !rpcUrl) throw siwxErrors.chain()
  const used = await deps.db.query(
    `update siwx_nonces set used_at = $1
       where nonce = $2 and project_id = $3 and site_origin = $4 and used_at is null and expires_at > $1
       returning nonce`,
    [now, data.nonce, site.projectId, site.siteOrigin],
  )
  if (used.length === 0) throw siwxErrors.nonce()
  const valid = await verifySiwxSignature({
    namespace: namespace ?? '',
    address: data.accountAddress,
    message: body.message,
    signature: body.signature,
    rpcUrl,
  })
  if (!valid) throw siwxErrors.signature()
  const token = randomBytes(32).toString('hex')
  await deps.db.query(
    `insert into siwx_sessions
       (token_hash, project_id, site_origin, chain_id, address, message, signature, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashToken(token),
      site.projectId,
      site.siteOrigin,
      data.chainId,
      addressKey(data.chainId, data.accountAddress),
      body.message,
      body.signature,
      expiresAt,
      now,
    ],
  )
  return { session: { data, message: body.message, signature: body.signature }, token }
}

/** EVM addresses compare without their checksum case; Solana's base58 is case-sensitive. */
function addressKey(chainId: string, address: string): string {
  return chainId.startsWith('eip155:') ? address.toLowerCase() : address
}

/**
 * The live sessions of one account on one chain, for this site (a reload or a new tab finds them), of
 * the tokens given: a session's signed message is the account's proof of sign-in to the site, shown
 * only to who signed in, never to anyone who knows the address.
 */
export async function listSiwxSessions(
  deps: SiwxDeps,
  site: SiwxSite,
  { chainId, address, tokens }: { chainId: string; address: string; tokens: string[] },
): Promise<SiwxSession[]> {
  const rows = await deps.db.query<{ message: string; signature: string }>(
    `select message, signature from siwx_sessions
       where project_id = $1 and site_origin = $2 and chain_id = $3 and address = $4
         and revoked_at is null and expires_at > $5 and token_hash = any($6)
       order by created_at desc limit 20`,
    [
      site.projectId,
      site.siteOrigin,
      chainId,
      addressKey(chainId, address),
      deps.now(),
      tokens.map(hashToken),
    ],
  )
  return rows.flatMap(({ message, signature }) => {
    const data = parseSiwxMessage(message)
    return data ? [{ data, message, signature }] : []
  })
}

/** Revokes the sessions whose tokens are given (disconnect): only who signed in holds them. */
export async function revokeSiwxSessions(
  deps: SiwxDeps,
  site: SiwxSite,
  { chainId, address, tokens }: { chainId: string; address: string; tokens: string[] },
): Promise<number> {
  const rows = await deps.db.query(
    `update siwx_sessions set revoked_at = $1
       where project_id = $2 and site_origin = $3 and chain_id = $4 and address = $5
         and token_hash = any($6) and revoked_at is null
       returning token_hash`,
    [
      deps.now(),
      site.projectId,
      site.siteOrigin,
      chainId,
      addressKey(chainId, address),
      tokens.map(hashToken),
    ],
  )
  return rows.length
}
