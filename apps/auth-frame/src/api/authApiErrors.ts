import {
  AppKitError,
  type AppKitErrorCode,
  type AuthErrorCode,
  FarcasterConnectFailedError,
  OriginNotAllowedError,
  SessionExpiredError,
  SocialConnectFailedError,
} from '@modalkit/protocol'

/**
 * Auth codes the frame can receive as an AuthApiError: every protocol auth code except the two that
 * SPEC §8 already gives a class for (`rate_limited` is not an auth code; `connection_rejected` becomes
 * the protocol's ConnectionRejectedError), see `toAuthApiError`.
 */
export type AuthApiErrorReason = Exclude<AuthErrorCode, 'connection_rejected'>

/**
 * The product code and fixed words of each auth code. The words are the API's own (`authErrors.ts`)
 * and kept here rather than read off the wire: the UI never shows text a server sent. `code` puts
 * each into the closed union: bad or spent codes are input errors, an unapproved device or a stale
 * session is EIP-1193 4100 (not authorized), the rest the default 5000.
 */
const REASONS: Record<AuthApiErrorReason, [AppKitErrorCode, string]> = {
  unknown_request: ['validation_error', 'Unknown or finished request'],
  invalid_otp: ['validation_error', 'Invalid code'],
  otp_expired: ['validation_error', 'The code has expired'],
  otp_burned: ['validation_error', 'Too many wrong codes: start again'],
  otp_used: ['validation_error', 'The code was already used'],
  email_in_use: ['validation_error', 'This e-mail belongs to another account'],
  no_primary_email: ['validation_error', 'The account has no e-mail to confirm from'],
  device_not_approved: [4100, 'Device not approved'],
  stale_session: [4100, 'Log in again to replace the auth share'],
  origin_not_allowed: [4100, new OriginNotAllowedError().shortMessage],
  // SPEC §8 'Session Expired' has its own product code.
  session_expired: ['session_expired', new SessionExpiredError().shortMessage],
  share_exists: [5000, 'An auth share is already stored'],
  share_not_found: [5000, 'No auth share stored'],
  social_disabled: [5000, 'Social provider not enabled for this project'],
  // SPEC §8 words for the social flow.
  social_start_failed: [5000, new SocialConnectFailedError().shortMessage],
  invalid_nonce: [4100, 'Unknown, used or expired nonce'],
  invalid_signature: [4100, 'The account did not sign this replacement'],
  farcaster_connect_failed: ['farcaster_connect_failed', new FarcasterConnectFailedError().shortMessage],
}

/** An error the auth API answered with; the UI picks its message by `reason` (or `code`). */
export class AuthApiError extends AppKitError {
  override name = 'AuthApiError'
  readonly reason: AuthApiErrorReason
  constructor(reason: AuthApiErrorReason, details?: string) {
    const [code, shortMessage] = REASONS[reason]
    super({ code, shortMessage, details })
    this.reason = reason
  }
}

export function isAuthApiErrorReason(code: string): code is AuthApiErrorReason {
  return Object.hasOwn(REASONS, code)
}
