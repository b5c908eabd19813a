import {
  type AppKitError,
  apiErrorSchema,
  ConnectionRejectedError,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  ValidationError,
} from '@modalkit/protocol'
import { AuthApiError, isAuthApiErrorReason } from './authApiErrors.ts'

/**
 * The typed error of a failed auth API reply (`{ error: { code, message, field? } }`, any status).
 * Codes SPEC §8 names get the protocol's classes ('Rate Limited', 'Connection rejected', 'Invalid
 * Project ID', 'Invalid App Configuration', 'Server Error', the retryable 'Service Unavailable'), auth codes an AuthApiError, a validation
 * error a ValidationError with the issue code and path the API gave (`invalid_format: body.email`).
 * A body that is not an error body is a ServerError: the frame trusts no reply it cannot parse.
 */
export function toAuthApiError(status: number, body: unknown, path: string): AppKitError {
  const parsed = apiErrorSchema.safeParse(body)
  if (!parsed.success) return new ServerError(`${path}: HTTP ${status}, unexpected error body`)
  const { code, message, field } = parsed.data.error
  const details = `${path}: HTTP ${status}${field ? `, ${field}` : ''}`
  switch (code) {
    case 'rate_limited':
      return new RateLimitedError(details)
    case 'connection_rejected':
      return new ConnectionRejectedError(details)
    case 'invalid_project_id':
      return new InvalidProjectIdError(details)
    case 'invalid_app_configuration':
      return new InvalidAppConfigurationError(details)
    case 'validation_error': {
      // The API writes `<zod issue code>: <where.path>`; only those two tokens are taken from it.
      const issueCode = /^([a-z_]{1,40}):/.exec(message)?.[1] ?? 'custom'
      const where = (field ?? '').split('.').filter((part) => /^[-_a-zA-Z0-9]{1,64}$/.test(part))
      return new ValidationError('request', [{ code: issueCode, path: where, message: issueCode }])
    }
    case 'server_error':
      return new ServerError(details)
    // The API's database is restarting: the same request can succeed in a few seconds.
    case 'service_unavailable':
      return new ServiceUnavailableError(details)
  }
  if (isAuthApiErrorReason(code)) return new AuthApiError(code, details)
  return new ServerError(`${details}, unknown error code`)
}
