import type { AuthDeps } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { consumeOtp } from './consumeOtp.ts'
import type { Session } from './sessions.ts'

type Step = { requestId: string; otp: string }

/** `POST /v1/auth/email/update/verify-primary`: the code sent to the current address. */
export async function verifyUpdatePrimary(
  deps: AuthDeps,
  session: Session,
  { requestId, otp }: Step,
): Promise<{ action: 'VERIFY_SECONDARY_OTP' }> {
  await consumeOtp(deps, {
    requestId,
    otp,
    purpose: 'update',
    from: 'awaiting_primary',
    to: 'awaiting_secondary',
    slot: 'code_hash',
    userId: session.userId,
  })
  return { action: 'VERIFY_SECONDARY_OTP' }
}

/** `POST /v1/auth/email/update/verify-secondary`: the code sent to the new address; then it is the login. */
export async function verifyUpdateSecondary(
  deps: AuthDeps,
  session: Session,
  { requestId, otp }: Step,
): Promise<{ newEmail: string }> {
  const row = await consumeOtp(deps, {
    requestId,
    otp,
    purpose: 'update',
    from: 'awaiting_secondary',
    to: 'done',
    slot: 'code2_hash',
    userId: session.userId,
  })
  const newEmail = row.new_email ?? ''
  const updated = await deps.db.query(
    `update users set email = $2 where id = $1
     and not exists (select 1 from users other where other.email = $2 and other.id <> $1) returning id`,
    [session.userId, newEmail],
  )
  if (updated.length === 0) throw authError('email_in_use', 'body.requestId')
  return { newEmail }
}
