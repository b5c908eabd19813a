import { AppKitError } from './AppKitError.ts'

/**
 * The rest of SPEC §8's catalogue: sign-in, balances, history, auth, swaps and the connectors'
 * thrown errors. Each sentence is SPEC's, word for word, and lives here once; code raises the class.
 */

/** The site's origin is not among the project's verified domains (SPEC §8 unverified-domain alert). */
export class UnverifiedDomainError extends AppKitError {
  override name = 'UnverifiedDomainError'
  constructor(details?: string) {
    super({
      code: 'unverified_domain',
      shortMessage: 'Unverified domain: this site is not verified for the project',
      details,
    })
  }
}

export class AuthInitFailedError extends AppKitError {
  override name = 'AuthInitFailedError'
  constructor(details?: string) {
    super({
      code: 'auth_init_failed',
      shortMessage: 'A problem occurred while trying initialize authentication',
      details,
    })
  }
}

export class NoAuthConnectorError extends AppKitError {
  override name = 'NoAuthConnectorError'
  constructor(details?: string) {
    super({ code: 'no_auth_connector', shortMessage: 'No auth connector found', details })
  }
}

export class DisconnectFailedError extends AppKitError {
  override name = 'DisconnectFailedError'
  constructor(details?: string, cause?: unknown) {
    super({ code: 'disconnect_failed', shortMessage: 'Failed to disconnect', details, cause })
  }
}

/** Some namespaces failed to disconnect: SPEC's 'Failed to disconnect chains: …' names them. */
export class DisconnectChainsFailedError extends AppKitError {
  override name = 'DisconnectChainsFailedError'
  readonly namespaces: readonly string[]
  constructor(namespaces: readonly string[], details?: string) {
    super({
      code: 'disconnect_failed',
      shortMessage: `Failed to disconnect chains: ${namespaces.join(', ')}`,
      details,
    })
    this.namespaces = namespaces
  }
}

export class NamespaceNotConfiguredError extends AppKitError {
  override name = 'NamespaceNotConfiguredError'
  constructor(namespace: string) {
    super({
      code: 'namespace_not_configured',
      shortMessage: 'Namespace is not configured',
      details: `namespace: ${namespace}`,
    })
  }
}

export class AdapterNotFoundError extends AppKitError {
  override name = 'AdapterNotFoundError'
  constructor(details?: string) {
    super({ code: 'adapter_not_found', shortMessage: 'Adapter not found', details })
  }
}

/** SPEC §8 alert: the embedded wallet's session is missing, expired or revoked. */
export class SessionExpiredError extends AppKitError {
  override name = 'SessionExpiredError'
  constructor(details?: string) {
    super({ code: 'session_expired', shortMessage: 'Session Expired', details })
  }
}

/** SPEC §8 frame error: a step failed with no words of its own (an abort outside RPC, say). */
export class SomethingWentWrongError extends AppKitError {
  override name = 'SomethingWentWrongError'
  constructor(details?: string, cause?: unknown) {
    super({ code: 5000, shortMessage: 'Something went wrong', details, cause })
  }
}

/** SPEC §8: the e-mail login's lazily loaded part could not be loaded. */
export class EmailDependencyLoadError extends AppKitError {
  override name = 'EmailDependencyLoadError'
  constructor(details?: string) {
    super({ code: 5000, shortMessage: 'Unable to load email login dependency', details })
  }
}
