import type { EmailStatusReply } from '@modalkit/protocol'
import type { AuthDeps } from './AuthDeps.ts'
import { authError } from './authErrors.ts'

/** `GET /v1/auth/email/status?requestId=…`: what the frame polls while the device awaits approval. */
export async function getEmailStatus({ db, now }: AuthDeps, requestId: string): Promise<EmailStatusReply> {
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
