import type { GetShareReply, PutShareRequest, WalletAddresses } from '@modalkit/protocol'
import { getAddress } from 'ethers'
import { HttpError } from '../server/HttpError.ts'
import type { AuthDeps } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { recordAudit } from './recordAudit.ts'
import type { Session } from './sessions.ts'
import { decryptShare, encryptShare } from './shareCipher.ts'
import { isDeviceApproved } from './users.ts'

/** EIP-55 form; a mixed-case address with a wrong checksum is a typo, refused as such. */
export function checksummed(address: string): string {
  try {
    return getAddress(address)
  } catch {
    throw new HttpError(
      400,
      'validation_error',
      'invalid_format: body.addresses.eip155',
      'body.addresses.eip155',
    )
  }
}

type ShareRow = { ciphertext: string; eip155_address: string; solana_address: string }
export type ShareCall = { session: Session; origin: string | undefined; ip: string }

/**
 * Only the secure frame may hold the auth share in a browser: the request's Origin must be exactly
 * AUTH_ORIGIN (a bearer token replayed from another page, or from a script with no Origin, gets none).
 */
export function checkOrigin({ authOrigin }: AuthDeps, origin: string | undefined): void {
  if (origin !== authOrigin) throw authError('origin_not_allowed', 'header.origin')
}

/**
 * `PUT /v1/auth/share`: stores the user's first auth share, encrypted, with the wallet's addresses,
 * and as version 1 in `auth_share_versions`. An existing share is never overwritten here, whatever
 * the session: a replacement needs the account's own signature (`replaceAuthShare`), since a bearer
 * token alone (a hostile page racing a reload, a stolen token) once sufficed to lock a user out.
 */
export async function putShare(
  deps: AuthDeps,
  { session, origin, ip }: ShareCall,
  body: PutShareRequest,
): Promise<{ addresses: WalletAddresses }> {
  checkOrigin(deps, origin)
  const { db, now, keys } = deps
  const at = now()
  return db.transaction(async (query) => {
    const [existing] = await query<ShareRow>(
      'select ciphertext, eip155_address, solana_address from auth_shares where user_id = $1 for update',
      [session.userId],
    )
    if (existing) throw authError('share_exists', 'body.share')
    const ciphertext = encryptShare(keys, session.userId, body.share)
    const addresses = { eip155: checksummed(body.addresses.eip155), solana: body.addresses.solana }
    await query(
      `insert into auth_shares (user_id, ciphertext, eip155_address, solana_address, created_at, updated_at, version)
       values ($1, $2, $3, $4, $5, $5, 1)`,
      [session.userId, ciphertext, addresses.eip155, addresses.solana, at],
    )
    await query(
      `insert into auth_share_versions (user_id, version, ciphertext, created_at, device_id)
       values ($1, 1, $2, $3, $4)`,
      [session.userId, ciphertext, at, session.deviceId],
    )
    await recordAudit(query, {
      at,
      userId: session.userId,
      action: 'share_set',
      deviceId: session.deviceId,
      ip,
    })
    return { addresses }
  })
}

/**
 * `GET /v1/auth/share`: releases the share to a valid session of an approved device, called by the
 * secure frame. The API holds one share per wallet and never another, so it can never rebuild a key.
 */
export async function getShare(deps: AuthDeps, { session, origin, ip }: ShareCall): Promise<GetShareReply> {
  checkOrigin(deps, origin)
  const { db, now, keys } = deps
  if (!(await isDeviceApproved(db.query, session.userId, session.deviceId)))
    throw authError('device_not_approved', 'header.authorization')
  const [row] = await db.query<ShareRow>(
    'select ciphertext, eip155_address, solana_address from auth_shares where user_id = $1',
    [session.userId],
  )
  if (!row) throw authError('share_not_found')
  const share = decryptShare(keys, session.userId, row.ciphertext)
  await recordAudit(db.query, {
    at: now(),
    userId: session.userId,
    action: 'share_release',
    deviceId: session.deviceId,
    ip,
  })
  return { share, addresses: { eip155: row.eip155_address, solana: row.solana_address } }
}
