import { AppKitError } from './AppKitError.ts'

/**
 * The rest of SPEC §8's catalogue: sign-in, balances, history, auth, swaps and the connectors'
 * thrown errors. Each sentence is SPEC's, word for word, and lives here once; code raises the class.
 */

export class SiwxNotEnabledError extends AppKitError {
  override name = 'SiwxNotEnabledError'
  constructor(details?: string) {
    super({ code: 'siwx_not_enabled', shortMessage: 'SIWX is not enabled', details })
  }
}

export class NoActiveCaipAddressError extends AppKitError {
  override name = 'NoActiveCaipAddressError'
  constructor(details?: string) {
    super({ code: 'no_active_caip_address', shortMessage: 'No ActiveCaipAddress found', details })
  }
}

export class NoActiveCaipNetworkError extends AppKitError {
  override name = 'NoActiveCaipNetworkError'
  constructor(details?: string) {
    super({ code: 'no_active_caip_network', shortMessage: 'No ActiveCaipNetwork or client found', details })
  }
}

export class NoConnectionClientError extends AppKitError {
  override name = 'NoConnectionClientError'
  constructor(details?: string) {
    super({ code: 'no_connection_client', shortMessage: 'No ConnectionController client found', details })
  }
}

export class SignMessageFailedError extends AppKitError {
  override name = 'SignMessageFailedError'
  constructor(details?: string, cause?: unknown) {
    super({ code: 'sign_message_failed', shortMessage: 'Error signing message', details, cause })
  }
}

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

export class TokenBalanceUnavailableError extends AppKitError {
  override name = 'TokenBalanceUnavailableError'
  constructor(details?: string) {
    super({ code: 'token_balance_unavailable', shortMessage: 'Token Balance Unavailable', details })
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

export class TransactionsFetchFailedError extends AppKitError {
  override name = 'TransactionsFetchFailedError'
  constructor(details?: string) {
    super({ code: 'transactions_fetch_failed', shortMessage: 'Failed to fetch transactions', details })
  }
}

export class JwtNotYetValidError extends AppKitError {
  override name = 'JwtNotYetValidError'
  constructor(details?: string) {
    super({
      code: 'jwt_not_yet_valid',
      shortMessage: 'JWT validation error: JWT Token is not yet valid',
      details,
    })
  }
}

export class InvalidKeyError extends AppKitError {
  override name = 'InvalidKeyError'
  constructor(details?: string) {
    super({ code: 'invalid_key', shortMessage: 'Unauthorized: invalid key', details })
  }
}

export class GasPriceNetworkUnsupportedError extends AppKitError {
  override name = 'GasPriceNetworkUnsupportedError'
  constructor(details?: string) {
    super({
      code: 'gas_price_network_unsupported',
      shortMessage: 'Network not supported for Gas Price',
      details,
    })
  }
}

export class SwapsNetworkUnsupportedError extends AppKitError {
  override name = 'SwapsNetworkUnsupportedError'
  constructor(details?: string) {
    super({ code: 'swaps_network_unsupported', shortMessage: 'Network not supported for Swaps', details })
  }
}

export class FarcasterConnectFailedError extends AppKitError {
  override name = 'FarcasterConnectFailedError'
  constructor(details?: string) {
    super({ code: 'farcaster_connect_failed', shortMessage: 'Failed to connect to farcaster', details })
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

export class SignClientNotInitializedError extends AppKitError {
  override name = 'SignClientNotInitializedError'
  constructor(details?: string) {
    super({ code: 'sign_client_not_initialized', shortMessage: 'Sign Client not initialized', details })
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

/** SPEC §8 provider error: the auth API refuses a site origin the project does not allow. */
export class OriginNotAllowedError extends AppKitError {
  override name = 'OriginNotAllowedError'
  constructor(details?: string) {
    super({ code: 4100, shortMessage: 'Unauthorized: origin not allowed', details })
  }
}

/** SPEC §8 UI text for a refused (unlisted) RPC method. */
export class ActionNotAllowedError extends AppKitError {
  override name = 'ActionNotAllowedError'
  constructor(details?: string) {
    super({ code: 4200, shortMessage: 'Action not allowed', details })
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

/** SPEC §8: the user closed the social login popup before it finished. */
export class PopupClosedError extends AppKitError {
  override name = 'PopupClosedError'
  constructor() {
    super({ code: 4001, shortMessage: 'Popup closed' })
  }
}

/** SPEC §8: the social login could not start (popup blocked, provider not reachable). */
export class SocialConnectFailedError extends AppKitError {
  override name = 'SocialConnectFailedError'
  constructor(details?: string) {
    super({ code: 5000, shortMessage: 'Failed to initiate social connection', details })
  }
}

/** SPEC §8: an embedded-wallet call that needs a logged-in user, with none. */
export class NotConnectedToEmbeddedError extends AppKitError {
  override name = 'NotConnectedToEmbeddedError'
  constructor(details?: string) {
    super({ code: 4100, shortMessage: 'Not connected to email or social', details })
  }
}

/** SPEC §8: a connection answer in a state the flow does not know. */
export class InvalidConnectionStatusError extends AppKitError {
  override name = 'InvalidConnectionStatusError'
  constructor(details?: string) {
    super({ code: 5000, shortMessage: 'Invalid connection status', details })
  }
}

/** SPEC §8: no chain RPC URL for the network a request names. */
export class MissingRpcUrlError extends AppKitError {
  override name = 'MissingRpcUrlError'
  constructor(chainId?: string) {
    super({
      code: 5000,
      shortMessage: 'No RPC url provided for chainId',
      details: chainId === undefined ? undefined : `chainId: ${chainId}`,
    })
  }
}
