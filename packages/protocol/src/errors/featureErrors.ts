import { AppKitError } from './AppKitError.ts'

/**
 * SPEC §8's catalogue entries that only requests and the views after the first raise. A module of
 * their own, apart from the ones the modal's first view raises (errors.ts, catalogueErrors.ts): a
 * module a first chunk imports lands there whole, with every class the lazy chunks use of it.
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

export class TokenBalanceUnavailableError extends AppKitError {
  override name = 'TokenBalanceUnavailableError'
  constructor(details?: string) {
    super({ code: 'token_balance_unavailable', shortMessage: 'Token Balance Unavailable', details })
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

export class SignClientNotInitializedError extends AppKitError {
  override name = 'SignClientNotInitializedError'
  constructor(details?: string) {
    super({ code: 'sign_client_not_initialized', shortMessage: 'Sign Client not initialized', details })
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
