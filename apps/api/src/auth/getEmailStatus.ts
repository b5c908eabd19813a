import type { EmailStatusReply } from '@modalkit/protocol'
import type { AuthDeps } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { EMAIL_STATUS_PER_IP_LIMIT, hitRateLimit } from './hitRateLimit.ts'

/** `GET /v1/auth/email/status?requestId=…`: what the frame polls while the device awaits approval. */
export async function getEmailStatus(
  deps: AuthDeps,
  requestId: string,
  ip: string,
): Promise<EmailStatusReply> {
  const { db, now } = deps
  // Polling is cheap but unauthenticated: bounded per address like every other auth endpoint.
  await hitRateLimit(deps, [{ key: `status-ip:${ip}`, limit: EMAIL_STATUS_PER_IP_LIMIT, perClient: true }])
  const [row] = await db.query<{ state: string; expires_at: string }>(
    `select state, expires_at from otp_requests where id = $1 and purpose = 'login'`,
    [requestId],
  )
  if (!row) throw authError('unknown_request', 'query.requestId')
  if (row.state === 'burned') throw authError('otp_burned', 'query.requestId')
  if (row.state === 'done') throw authError('otp_used', 'query.requestId')
  if (now() >= Number(row.expires_at)) throw authError('otp_expired', 'query.requestId')
  return { action: row.state === 'awaiting_device' ? 'VERIFY_DEVICE' : 'VERIFY_OTP' }
}
