import type { EmailVerifyRequest, LoginReply } from '@modalkit/protocol'
import type { AuthDeps } from './AuthDeps.ts'
import { consumeOtp } from './consumeOtp.ts'
import { emailBucket } from './emailBucket.ts'
import { hitRateLimit, VERIFY_PER_EMAIL_LIMIT, VERIFY_PER_IP_LIMIT } from './hitRateLimit.ts'
import { createSession } from './sessions.ts'
import { approveDevice, ensureUserByEmail, loadAuthUser } from './users.ts'

/**
 * `POST /v1/auth/email/verify`: a right code proves the mailbox; the user is loaded or created, the
 * device that asked becomes approved for it, and a session starts on that device.
 */
export async function verifyEmailLogin(
  deps: AuthDeps,
  { requestId, otp }: EmailVerifyRequest,
  ip: string,
): Promise<LoginReply> {
  // Tries across requests, per address and per account: each request burns at 5, these bound how
  // many requests' worth of guesses one address or one mailbox gets.
  const [request] = await deps.db.query<{ email: string }>('select email from otp_requests where id = $1', [
    requestId,
  ])
  await hitRateLimit(deps, [
    { key: `verify-ip:${ip}`, limit: VERIFY_PER_IP_LIMIT, perClient: true },
    ...(request
      ? [{ key: `verify-${emailBucket(deps.keys, request.email)}`, limit: VERIFY_PER_EMAIL_LIMIT }]
      : []),
  ])
  const row = await consumeOtp(deps, {
    requestId,
    otp,
    purpose: 'login',
    from: 'awaiting_otp',
    to: 'done',
    slot: 'code_hash',
  })
  const at = deps.now()
  const deviceId = row.device_id ?? ''
  return deps.db.transaction(async (query) => {
    const { userId, isNewUser } = await ensureUserByEmail(query, row.email, at)
    await approveDevice(query, userId, deviceId, at)
    const sessionToken = await createSession(query, { userId, deviceId, now: at })
    return { sessionToken, user: { ...(await loadAuthUser(query, userId)), isNewUser } }
  })
}
