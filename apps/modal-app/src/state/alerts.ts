import {
  type AppKitError,
  type AppKitErrorCode,
  FrameLoadFailedError,
  FrameRequestTimeoutError,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  NetworkNotFoundError,
  OriginNotAllowedError,
  ProjectIdNotConfiguredError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  SessionExpiredError,
  UnverifiedDomainError,
} from '@modalkit/protocol'
import type { MessageKey } from '../i18n/en.ts'

/**
 * SPEC §8 alerts, picked by error code (never by message text): the short text is the catalogue
 * class's own sentence for that code (so words that came from another frame or a server never show),
 * the long text is this table's message.
 */
const ALERT_TABLE: [AppKitError, MessageKey][] = [
  [new InvalidAppConfigurationError(), 'alert.invalidAppConfiguration'],
  [new InvalidProjectIdError(), 'alert.invalidProjectId'],
  [new ProjectIdNotConfiguredError(), 'alert.projectIdNotConfigured'],
  [new ServerError(), 'alert.serverError'],
  [new ServiceUnavailableError(), 'alert.serviceUnavailable'],
  [new RateLimitedError(), 'alert.rateLimited'],
  [new NetworkNotFoundError(), 'alert.networkNotFound'],
  [new FrameLoadFailedError(), 'alert.tryLater'],
  [new FrameRequestTimeoutError(), 'alert.tryLater'],
  [new SessionExpiredError(), 'alert.sessionExpired'],
  [new UnverifiedDomainError(), 'alert.unverifiedDomain'],
]

/** Each alert's class (whose sentence is the short text) and its long text's message key. */
export const ALERTS: Partial<Record<AppKitErrorCode, { short: AppKitError; long: MessageKey }>> =
  Object.fromEntries(ALERT_TABLE.map(([error, long]) => [error.code, { short: error, long }]))

/**
 * SPEC §8: WalletConnect's relay refusing the client (its universal provider's errors) maps to an
 * alert, as AppKit's: a JWT not yet valid (the visitor's clock is off) is 'Session Expired', an
 * unknown project key 'Invalid Project ID', a site origin the project does not allow 'Invalid App
 * Configuration'. Any other error is not a relay refusal.
 */
export function universalProviderAlert(error: AppKitError): AppKitError | undefined {
  if (error.code === 'jwt_not_yet_valid') return new SessionExpiredError(error.details)
  if (error.code === 'invalid_key') return new InvalidProjectIdError(error.details)
  if (error instanceof OriginNotAllowedError) return new InvalidAppConfigurationError(error.details)
  return undefined
}
