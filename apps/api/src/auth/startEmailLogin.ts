import type { EmailStartReply, EmailStartRequest } from '@modalkit/protocol'
import type { Query } from '../db/Db.ts'
import type { AuthDeps } from './AuthDeps.ts'
import { OTP_TTL_MS } from './AuthDeps.ts'
import { checkProjectOrigin } from './checkProjectOrigin.ts'
import { deviceApprovalLink } from './deviceApprovalForm.ts'
import { emailBucket } from './emailBucket.ts'
import { deviceIdHashes, hashDeviceId } from './hashDeviceId.ts'
import { hitRateLimit, PER_EMAIL_LIMIT, PER_IP_LIMIT } from './hitRateLimit.ts'
import { deviceApprovalMail, otpMail } from './loginMails.ts'
import { withMail } from './mailOutbox.ts'
import { hashOtp, newOtp } from './otpCode.ts'
import { hashToken, randomToken } from './randomToken.ts'
import { findUserIdByEmail, isDeviceApproved } from './users.ts'

export type StartEmailLoginParameters = Omit<EmailStartRequest, 'siteOrigin'> & {
  /** From SITE_ORIGIN_HEADER: the body's `siteOrigin` is ignored (a sender could put anything there). */
  siteOrigin: string | undefined
  ip: string
  device: string
}

/**
 * `POST /v1/auth/email/start`: mails a code (known device) or a device-approval link (any other).
 *
 * Enumeration: the action depends only on whether *this device* was approved for *this address*,
 * never on whether the address has an account. A new address and a known address seen from a new
 * device both get `VERIFY_DEVICE`, so the reply is the same for known and unknown addresses
 * (SECURITY.md); `VERIFY_OTP` is only ever seen by a device that already proved the mailbox once.
 * The price: a first login clicks a link, then types a code. Both branches queue one mail and answer
 * the same shape, so timing and the rate limit do not tell them apart either. The mail goes to the
 * outbox in the transaction that stores the request (withMail): the answer never waits for SMTP.
 */
export async function startEmailLogin(
  deps: AuthDeps,
  { projectId, email: rawEmail, siteOrigin, deviceId, ip, device }: StartEmailLoginParameters,
): Promise<EmailStartReply> {
  const { db, now, keys, apiOrigin } = deps
  const site = (await checkProjectOrigin(db, projectId, siteOrigin)).siteOrigin
  const email = rawEmail.trim().toLowerCase()
  await hitRateLimit(deps, [
    { key: emailBucket(keys, email), limit: PER_EMAIL_LIMIT },
    { key: `ip:${ip}`, limit: PER_IP_LIMIT, perClient: true },
  ])
  const userId = await findUserIdByEmail(db.query, email)
  const known =
    userId !== undefined && (await isDeviceApproved(db.query, userId, deviceIdHashes(keys, deviceId)))
  const requestId = randomToken(16)
  const at = now()
  const insert = (query: Query, state: string, codeHash: string | null, approvalHash: string | null) =>
    query(
      `insert into otp_requests (id, purpose, email, project_id, site_origin, device_id, device_label, state,
         code_hash, approval_hash, expires_at, created_at)
       values ($1, 'login', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        requestId,
        email,
        projectId,
        site,
        hashDeviceId(keys, deviceId),
        device,
        state,
        codeHash,
        approvalHash,
        at + OTP_TTL_MS,
        at,
      ],
    )
  if (known) {
    const code = newOtp()
    await withMail(deps, async (query, mail) => {
      await insert(query, 'awaiting_otp', hashOtp(keys.otp, requestId, 'code_hash', code), null)
      await mail(otpMail(email, code, site, device))
    })
    return { requestId, action: 'VERIFY_OTP' }
  }
  const token = randomToken(32)
  await withMail(deps, async (query, mail) => {
    await insert(query, 'awaiting_device', null, hashToken(token))
    await mail(deviceApprovalMail(email, deviceApprovalLink(apiOrigin, token), site, device))
  })
  return { requestId, action: 'VERIFY_DEVICE' }
}
