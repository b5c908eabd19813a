import type { AuthDeps } from './AuthDeps.ts'
import { OTP_TTL_MS } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { emailBucket } from './emailBucket.ts'
import { hitRateLimit, PER_EMAIL_LIMIT, PER_IP_LIMIT } from './hitRateLimit.ts'
import { updateMail } from './loginMails.ts'
import { withMail } from './mailOutbox.ts'
import { hashOtp, newOtp } from './otpCode.ts'
import { randomToken } from './randomToken.ts'
import type { Session } from './sessions.ts'

/**
 * `POST /v1/auth/email/update/start` (SPEC §4): one code to the current address, one to the new one;
 * both must come back, in that order. Whether the new address is taken is told only at the end, to
 * someone who proved both mailboxes, so this step enumerates nothing.
 */
export async function startEmailUpdate(
  deps: AuthDeps,
  session: Session,
  { newEmail: rawNewEmail, ip }: { newEmail: string; ip: string },
): Promise<{ requestId: string; action: 'VERIFY_PRIMARY_OTP' }> {
  const { db, now, keys } = deps
  const [user] = await db.query<{ email: string | null }>('select email from users where id = $1', [
    session.userId,
  ])
  const email = user?.email
  if (!email) throw authError('no_primary_email')
  const newEmail = rawNewEmail.trim().toLowerCase()
  await hitRateLimit(deps, [
    { key: emailBucket(keys, email), limit: PER_EMAIL_LIMIT },
    { key: emailBucket(keys, newEmail), limit: PER_EMAIL_LIMIT },
    { key: `ip:${ip}`, limit: PER_IP_LIMIT, perClient: true },
  ])
  const requestId = randomToken(16)
  const primary = newOtp()
  const secondary = newOtp()
  const at = now()
  // Both codes' mails are queued with the request (withMail): the answer never waits for SMTP.
  await withMail(deps, async (query, mail) => {
    await query(
      `insert into otp_requests (id, purpose, email, device_id, user_id, new_email, state, code_hash, code2_hash,
         expires_at, created_at) values ($1, 'update', $2, $3, $4, $5, 'awaiting_primary', $6, $7, $8, $9)`,
      [
        requestId,
        email,
        session.deviceId,
        session.userId,
        newEmail,
        hashOtp(keys.otp, requestId, 'code_hash', primary),
        hashOtp(keys.otp, requestId, 'code2_hash', secondary),
        at + OTP_TTL_MS,
        at,
      ],
    )
    await mail(updateMail(email, primary, 'current', newEmail))
    await mail(updateMail(newEmail, secondary, 'new', newEmail))
  })
  return { requestId, action: 'VERIFY_PRIMARY_OTP' }
}
