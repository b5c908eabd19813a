import { AppKitError } from './AppKitError.ts'

/** One subclass per catalogue entry of SPEC §8, each with its fixed sentence. */

export class ProjectIdNotConfiguredError extends AppKitError {
  override name = 'ProjectIdNotConfiguredError'
  constructor(details?: string) {
    super({ code: 'project_id_not_configured', shortMessage: 'Project ID Not Configured', details })
  }
}

export class InvalidProjectIdError extends AppKitError {
  override name = 'InvalidProjectIdError'
  constructor(details?: string) {
    super({ code: 'invalid_project_id', shortMessage: 'Invalid Project ID', details })
  }
}

export class SiwxConfigConflictError extends AppKitError {
  override name = 'SiwxConfigConflictError'
  constructor() {
    super({
      code: 'config_conflict',
      shortMessage: 'Cannot set both siweConfig and siwx',
      details: 'siweConfig is the older form of siwx: pass only one of them.',
    })
  }
}

export class InvalidAppConfigurationError extends AppKitError {
  override name = 'InvalidAppConfigurationError'
  constructor(details?: string) {
    super({ code: 'invalid_app_configuration', shortMessage: 'Invalid App Configuration', details })
  }
}

export class NetworkNotFoundError extends AppKitError {
  override name = 'NetworkNotFoundError'
  constructor(details?: string) {
    super({ code: 'network_not_found', shortMessage: 'Network Not Found', details })
  }
}

export class ServerError extends AppKitError {
  override name = 'ServerError'
  constructor(details?: string) {
    super({ code: 'server_error', shortMessage: 'Server Error', details })
  }
}

/**
 * The API answered 503 'service_unavailable' (its database is restarting or out of reach), or a part
 * of the modal's code could not be fetched (loadOnce): the same request can succeed a few seconds
 * later, so the UI offers to try again rather than to start over.
 */
export class ServiceUnavailableError extends AppKitError {
  override name = 'ServiceUnavailableError'
  readonly retryable = true
  constructor(details?: string, cause?: unknown) {
    super({
      code: 'service_unavailable',
      shortMessage: 'Service Unavailable: try again shortly',
      details,
      cause,
    })
  }
}

export class RateLimitedError extends AppKitError {
  override name = 'RateLimitedError'
  constructor(details?: string) {
    super({ code: 'rate_limited', shortMessage: 'Rate Limited', details })
  }
}

export class NotReadyError extends AppKitError {
  override name = 'NotReadyError'
  constructor(details?: string) {
    super({ code: 'not_ready', shortMessage: 'The modal is not ready yet', details })
  }
}

export class FrameLoadFailedError extends AppKitError {
  override name = 'FrameLoadFailedError'
  constructor(details?: string) {
    super({
      code: 'iframe_load_failed',
      shortMessage: 'Network Error - Could not load embedded wallet',
      details,
    })
  }
}

export class FrameRequestTimeoutError extends AppKitError {
  override name = 'FrameRequestTimeoutError'
  constructor(details?: string) {
    super({ code: 'iframe_request_timeout', shortMessage: 'Embedded Wallet Request Timed Out', details })
  }
}

export class FailedToConnectError extends AppKitError {
  override name = 'FailedToConnectError'
  constructor(details?: string) {
    super({ code: 5000, shortMessage: 'Failed to connect', details })
  }
}

/** SPEC §5: a WalletConnect chain switch needs a chain the session approved. */
export class ChainNotSupportedError extends AppKitError {
  override name = 'ChainNotSupportedError'
  constructor(chain: string) {
    super({ code: -32603, shortMessage: 'Chain is not supported', details: `chain: ${chain}` })
  }
}

/** SPEC §5: a new e-mail login within 30 s of the previous one. */
export class EmailCooldownError extends AppKitError {
  override name = 'EmailCooldownError'
  constructor(readonly seconds: number) {
    super({ code: 'rate_limited', shortMessage: `Please try again after ${seconds} seconds` })
  }
}
