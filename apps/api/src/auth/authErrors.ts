import {
  type AuthErrorCode,
  ConnectionRejectedError,
  FarcasterConnectFailedError,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  OriginNotAllowedError,
  RateLimitedError,
  SessionExpiredError,
  SocialConnectFailedError,
} from '@modalkit/protocol'
import { HttpError } from '../server/HttpError.ts'

/**
 * The typed errors of the auth endpoints: status, code (protocol `AUTH_ERROR_CODES`) and fixed words.
 * SPEC §8's sentences come from the protocol's catalogue, so they are written once.
 */
const ERRORS: Record<AuthErrorCode, [number, string]> = {
  unknown_request: [404, 'Unknown or finished request'],
  invalid_otp: [400, 'Invalid code'],
  otp_expired: [410, 'The code has expired'],
  otp_burned: [410, 'Too many wrong codes: start again'],
  otp_used: [410, 'The code was already used'],
  device_not_approved: [403, 'Device not approved'],
  session_expired: [401, new SessionExpiredError().shortMessage],
  share_exists: [409, 'An auth share is already stored'],
  share_not_found: [404, 'No auth share stored'],
  stale_session: [403, 'Log in again to replace the auth share'],
  origin_not_allowed: [403, new OriginNotAllowedError().shortMessage],
  email_in_use: [409, 'This e-mail belongs to another account'],
  no_primary_email: [409, 'The account has no e-mail to confirm from'],
  social_disabled: [403, 'Social provider not enabled for this project'],
  // SPEC §8 words for the social flow.
  social_start_failed: [502, new SocialConnectFailedError().shortMessage],
  connection_rejected: [401, new ConnectionRejectedError().shortMessage],
  invalid_nonce: [403, 'Unknown, used or expired nonce'],
  invalid_signature: [403, 'The account did not sign this replacement'],
  farcaster_connect_failed: [401, new FarcasterConnectFailedError().shortMessage],
}

export function authError(code: AuthErrorCode, field?: string): HttpError {
  const [status, message] = ERRORS[code]
  return new HttpError(status, code, message, field)
}

export const rateLimited = () => new HttpError(429, 'rate_limited', new RateLimitedError().shortMessage)
export const invalidProject = () =>
  new HttpError(404, 'invalid_project_id', new InvalidProjectIdError().shortMessage)
export const invalidAppConfiguration = (field: string) =>
  new HttpError(403, 'invalid_app_configuration', new InvalidAppConfigurationError().shortMessage, field)
