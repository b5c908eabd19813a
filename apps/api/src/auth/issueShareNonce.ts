import type { ShareNonceReply } from '@modalkit/protocol'
import { type AuthDeps, MINUTE } from './AuthDeps.ts'
import { checkOrigin } from './authShare.ts'
import { hashToken, randomToken } from './randomToken.ts'
import type { Session } from './sessions.ts'

/** How long a replacement nonce may wait for its signature. */
export const SHARE_NONCE_TTL_MS = 5 * MINUTE

/**
 * `POST /v1/auth/share/nonce`: a single-use nonce (128 bits) for one signed replacement of this
 * session's user's auth share (`replaceAuthShare`), bound to that user, expiring in 5 minutes. Kept
 * hashed like every other token, so a copy of the table yields nothing to replay.
 */
export async function issueShareNonce(
  deps: AuthDeps,
  { session, origin }: { session: Session; origin: string | undefined },
): Promise<ShareNonceReply> {
  checkOrigin(deps, origin)
  const nonce = randomToken(16)
  const expiresAt = deps.now() + SHARE_NONCE_TTL_MS
  await deps.db.query('insert into share_nonces (nonce_hash, user_id, expires_at) values ($1, $2, $3)', [
    hashToken(nonce),
    session.userId,
    expiresAt,
  ])
  return { nonce, expiresAt }
}
