import {
  type AppKitError,
  type AppKitErrorCode,
  FrameLoadFailedError,
  FrameRequestTimeoutError,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  NetworkNotFoundError,
  ProjectIdNotConfiguredError,
  RateLimitedError,
  ServerError,
  ServiceUnavailableError,
  SessionExpiredError,
  UnverifiedDomainError,
} from '@modalkit/protocol'

/**
 * SPEC §8 alerts, picked by error code (never by message text): the short text is the catalogue
 * class's own sentence for that code (so words that came from another frame or a server never show),
 * the long text is this table's.
 */
const ALERT_TABLE: [AppKitError, string][] = [
  [
    new InvalidAppConfigurationError(),
    "This site's origin is not allowed for this project. The site owner must add it to the project's allowed origins.",
  ],
  [new InvalidProjectIdError(), 'The project ID is unknown. Check the projectId passed to the modal.'],
  [new ProjectIdNotConfiguredError(), 'Pass a projectId to the modal.'],
  [new ServerError(), 'Failed to get the app configuration. Try again later.'],
  [
    new ServiceUnavailableError(),
    'The server is restarting. Nothing was lost: try the same step again in a few seconds.',
  ],
  [new RateLimitedError(), 'Too many requests. Try again in a moment.'],
  [new NetworkNotFoundError(), 'The network is not in the networks configured by the site.'],
  [new FrameLoadFailedError(), 'Try again later.'],
  [new FrameRequestTimeoutError(), 'Try again later.'],
  [new SessionExpiredError(), 'Your session is invalid. Check your time settings and reconnect.'],
  [
    new UnverifiedDomainError(),
    "This site's origin is not on the project's verified domains. Make sure you trust it before you connect.",
  ],
]

export const ALERTS: Partial<Record<AppKitErrorCode, { short: string; long: string }>> = Object.fromEntries(
  ALERT_TABLE.map(([error, long]) => [error.code, { short: error.shortMessage, long }]),
)
