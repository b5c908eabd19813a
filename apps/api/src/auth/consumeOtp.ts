import type { AuthErrorCode } from '@modalkit/protocol'
import type { AuthDeps } from './AuthDeps.ts'
import { MAX_OTP_ATTEMPTS } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { hashOtp, sameHash } from './otpCode.ts'

export type OtpRequestRow = {
  id: string
  purpose: 'login' | 'update'
  email: string
  project_id: string | null
  site_origin: string | null
  device_id: string | null
  user_id: string | null
  new_email: string | null
  state: string
  code_hash: string | null
  code2_hash: string | null
  attempts: number
  expires_at: string
}

/** The states of a request, in the order its steps pass them. */
const STATES = ['awaiting_device', 'awaiting_otp', 'awaiting_primary', 'awaiting_secondary', 'done']

export type ConsumeOtpParameters = {
  requestId: string
  otp: string
  purpose: OtpRequestRow['purpose']
  /** The state the request must be in, and the one a right code moves it to. */
  from: string
  to: string
  /** Which stored code this step checks (e-mail update has one per address). */
  slot: 'code_hash' | 'code2_hash'
  /** For steps behind a session: the request must be that user's. */
  userId?: string
}

/**
 * Checks a code against its request, once: bound to the request (ASVS V6.6.2), expired after its
 * TTL, refused after use, and burned at the fifth wrong try. The outcome is decided inside one
 * locked transaction and thrown after it commits, so a wrong try is counted even though it fails.
 */
export async function consumeOtp(
  { db, now, keys }: AuthDeps,
  { requestId, otp, purpose, from, to, slot, userId }: ConsumeOtpParameters,
): Promise<OtpRequestRow> {
  const outcome = await db.transaction(async (query): Promise<OtpRequestRow | AuthErrorCode> => {
    const [row] = await query<OtpRequestRow>('select * from otp_requests where id = $1 for update', [
      requestId,
    ])
    if (!row || row.purpose !== purpose || (userId !== undefined && row.user_id !== userId))
      return 'unknown_request'
    if (row.state === 'done') return 'otp_used'
    if (row.state === 'burned') return 'otp_burned'
    if (now() >= Number(row.expires_at)) return 'otp_expired'
    if (row.state === 'awaiting_device') return 'device_not_approved'
    // A step already passed (its code used) versus a step taken out of order.
    if (row.state !== from)
      return STATES.indexOf(row.state) > STATES.indexOf(from) ? 'otp_used' : 'unknown_request'
    const stored = row[slot]
    if (stored && sameHash(hashOtp(keys.otp, requestId, slot, otp), stored)) {
      await query(`update otp_requests set state = $2, ${slot} = null where id = $1`, [requestId, to])
      return row
    }
    const attempts = row.attempts + 1
    const burned = attempts >= MAX_OTP_ATTEMPTS
    await query('update otp_requests set attempts = $2, state = $3 where id = $1', [
      requestId,
      attempts,
      burned ? 'burned' : row.state,
    ])
    return burned ? 'otp_burned' : 'invalid_otp'
  })
  if (typeof outcome === 'string')
    throw authError(outcome, outcome === 'invalid_otp' ? 'body.otp' : 'body.requestId')
  return outcome
}
