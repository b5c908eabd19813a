import { NODE_ERROR_CODES, type NodeErrorCode } from './nodeErrorCodes.ts'

/**
 * Every error code the product uses: the EIP-1193 / JSON-RPC numbers and the names SPEC §8 gives.
 * One closed union, so the UI picks an alert or toast by `code`, never by message text.
 */
export type AppKitErrorCode =
  | 4001 // user rejected
  | 4100 // unauthorized
  | 4200 // unsupported method
  | 4900 // disconnected
  | 4901 // chain disconnected
  | 4902 // unrecognized chain
  | 5000 // default
  | 5700 // EIP-5792 unsupported non-optional capability
  | 5720 // EIP-5792 duplicate batch id
  | 5730 // EIP-5792 unknown bundle id
  | 5760 // EIP-5792 atomicity not supported
  | -32602 // invalid params
  | -32603 // invalid chain id / internal
  | 'validation_error'
  | 'project_id_not_configured'
  | 'invalid_project_id'
  | 'invalid_app_configuration'
  | 'config_conflict'
  | 'network_not_found'
  | 'server_error'
  | 'service_unavailable' // the API could not reach its database: retryable, with Retry-After
  | 'rate_limited'
  | 'sponsorship_budget_exceeded' // the project's paymaster spent its daily budget (in all or for this user)
  | 'invalid_caip_address'
  | 'invalid_caip_network_id'
  | 'iframe_load_failed'
  | 'iframe_request_timeout'
  | 'session_expired'
  | 'not_ready'
  | 'smart_account_unavailable'
  | 'siwx_not_enabled'
  | 'no_active_caip_address'
  | 'no_active_caip_network'
  | 'no_connection_client'
  | 'unverified_domain'
  | 'token_balance_unavailable'
  | 'auth_init_failed'
  | 'sign_message_failed'
  | 'transactions_fetch_failed'
  | 'jwt_not_yet_valid'
  | 'invalid_key'
  | 'gas_price_network_unsupported'
  | 'swaps_network_unsupported'
  | 'farcaster_connect_failed'
  | 'no_auth_connector'
  | 'disconnect_failed'
  | 'sign_client_not_initialized'
  | 'namespace_not_configured'
  | 'adapter_not_found'
  | 'siwx_needs_approval'
  | 'invalid_recipient' // Send
  | 'invalid_amount'
  | 'insufficient_balance'
  | 'pay_disabled' // Pay
  | 'payment_in_progress'
  | NodeErrorCode // a chain node's error: the node's own code and data travel beside it (NodeError)

// `concat` marked pure, so a bundle that never reads the list (the loader's) leaves it out.
export const APP_KIT_ERROR_CODES: readonly AppKitErrorCode[] = /* @__PURE__ */ (
  [
    4001,
    4100,
    4200,
    4900,
    4901,
    4902,
    5000,
    5700,
    5720,
    5730,
    5760,
    -32602,
    -32603,
    'validation_error',
    'project_id_not_configured',
    'invalid_project_id',
    'invalid_app_configuration',
    'config_conflict',
    'network_not_found',
    'server_error',
    'service_unavailable',
    'rate_limited',
    'invalid_caip_address',
    'invalid_caip_network_id',
    'iframe_load_failed',
    'iframe_request_timeout',
    'session_expired',
    'not_ready',
    'smart_account_unavailable',
    'siwx_not_enabled',
    'no_active_caip_address',
    'no_active_caip_network',
    'no_connection_client',
    'unverified_domain',
    'token_balance_unavailable',
    'auth_init_failed',
    'sign_message_failed',
    'transactions_fetch_failed',
    'jwt_not_yet_valid',
    'invalid_key',
    'gas_price_network_unsupported',
    'swaps_network_unsupported',
    'farcaster_connect_failed',
    'no_auth_connector',
    'disconnect_failed',
    'sign_client_not_initialized',
    'namespace_not_configured',
    'adapter_not_found',
    'siwx_needs_approval',
    'invalid_recipient',
    'invalid_amount',
    'insufficient_balance',
    'pay_disabled',
    'payment_in_progress',
  ] as AppKitErrorCode[]
).concat(NODE_ERROR_CODES)

export type AppKitErrorParameters = {
  code: AppKitErrorCode
  /** User-facing words, exactly as SPEC §8 gives them. */
  shortMessage: string
  /** For developers and logs only: never shown in the UI, never a secret. */
  details?: string | undefined
  cause?: unknown
}

/** The one error base of the product (viem `BaseError`, penpal `PenpalError`). */
export class AppKitError extends Error {
  override name = 'AppKitError'
  readonly code: AppKitErrorCode
  readonly shortMessage: string
  readonly details: string | undefined

  constructor({ code, shortMessage, details, cause }: AppKitErrorParameters) {
    super(
      details ? `${shortMessage}\n\nDetails: ${details}` : shortMessage,
      cause === undefined ? {} : { cause },
    )
    this.code = code
    this.shortMessage = shortMessage
    this.details = details
  }
}
