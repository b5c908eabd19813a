import { createHash } from 'node:crypto'
import { type ReplaceShareReply, type ReplaceShareRequest, shareReplaceTypedData } from '@modalkit/protocol'
import { verifyTypedData } from 'ethers'
import type { AuthDeps } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { checkOrigin, type ShareCall } from './authShare.ts'
import { shareReplacedMail } from './loginMails.ts'
import { withMail } from './mailOutbox.ts'
import { hashToken } from './randomToken.ts'
import { recordAudit } from './recordAudit.ts'
import { encryptShare } from './shareCipher.ts'
import { isDeviceApproved, loadAuthUser } from './users.ts'

type CurrentRow = { eip155_address: string; solana_address: string; version: number }

/**
 * `POST /v1/auth/share/replace`: replaces the user's auth share only when the account itself signed
 * for exactly this share (H4/H5). A session token is not enough: a hostile page, or anyone
 * with the token, could otherwise swap the share and leave every device share and the user's
 * recovery text worthless. The signature (EIP-712) is over `shareReplaceTypedData`, under a domain
 * the secure frame refuses to sign for any site: the user id, the SHA-256 of the new share's bytes,
 * a nonce from `issueShareNonce` and its expiry; it must recover to
 * the EVM address stored with the first share, which only a holder of two shares can sign for.
 *
 * The nonce is spent before anything else is checked, whatever the outcome, so a refused attempt
 * cannot be retried with it. Every version stays in `auth_share_versions`; the user is mailed (the
 * mail queued in the replacement's transaction, so a replacement is never left untold).
 */
export async function replaceAuthShare(
  deps: AuthDeps,
  { session, origin, ip, device }: ShareCall & { device: string },
  body: ReplaceShareRequest,
): Promise<ReplaceShareReply> {
  checkOrigin(deps, origin)
  const { db, now, keys } = deps
  if (!(await isDeviceApproved(db.query, session.userId, session.deviceId)))
    throw authError('device_not_approved', 'header.authorization')
  const at = now()
  const [spent] = await db.query<{ expires_at: string | number }>(
    `update share_nonces set used_at = $3 where nonce_hash = $1 and user_id = $2 and used_at is null
     returning expires_at`,
    [hashToken(body.nonce), session.userId, at],
  )
  if (!spent) throw authError('invalid_nonce', 'body.nonce')
  const expiresAt = Number(spent.expires_at)
  if (at >= expiresAt) throw authError('invalid_nonce', 'body.nonce')

  const [current] = await db.query<CurrentRow>(
    'select eip155_address, solana_address, version from auth_shares where user_id = $1',
    [session.userId],
  )
  if (!current) throw authError('share_not_found')
  const { domain, types, message } = shareReplaceTypedData({
    userId: session.userId,
    shareSha256: createHash('sha256').update(Buffer.from(body.share, 'base64')).digest('hex'),
    nonce: body.nonce,
    expiresAt,
  })
  let signer: string
  try {
    signer = verifyTypedData(domain, types, message, body.signature)
  } catch {
    throw authError('invalid_signature', 'body.signature')
  }
  if (signer !== current.eip155_address) throw authError('invalid_signature', 'body.signature')

  const ciphertext = encryptShare(keys, session.userId, body.share)
  const version = await withMail(deps, async (query, mail) => {
    // The row is locked and its version re-read: two signed replacements racing get 2 and 3, never 2 twice.
    const [locked] = await query<{ version: number }>(
      'select version from auth_shares where user_id = $1 for update',
      [session.userId],
    )
    const next = Number(locked?.version ?? current.version) + 1
    await query('update auth_shares set ciphertext = $2, updated_at = $3, version = $4 where user_id = $1', [
      session.userId,
      ciphertext,
      at,
      next,
    ])
    await query(
      `insert into auth_share_versions (user_id, version, ciphertext, created_at, device_id)
       values ($1, $2, $3, $4, $5)`,
      [session.userId, next, ciphertext, at, session.deviceId],
    )
    await recordAudit(query, {
      at,
      userId: session.userId,
      action: 'share_replace',
      deviceId: session.deviceId,
      ip,
    })
    const { email } = await loadAuthUser(query, session.userId)
    if (email) await mail(shareReplacedMail(email, device, new Date(at)))
    return next
  })
  return { addresses: { eip155: current.eip155_address, solana: current.solana_address }, version }
}
