import { AppKitError, type AppKitErrorCode } from './AppKitError.ts'

/**
 * SPEC §8's catalogue entries that only requests and the views after the first raise. A module of
 * their own, apart from the ones the modal's first view raises (errors.ts, catalogueErrors.ts): a
 * module a first chunk imports lands there whole, with every class the lazy chunks use of it.
 */

export class ModalClosedError extends AppKitError {
  override name = 'ModalClosedError'
  constructor() {
    super({ code: 4001, shortMessage: 'Modal closed' })
  }
}

export class ConnectionRejectedError extends AppKitError {
  override name = 'ConnectionRejectedError'
  constructor(details?: string) {
    super({ code: 4001, shortMessage: 'Connection rejected', details })
  }
}

export class RpcNotAllowedError extends AppKitError {
  override name = 'RpcNotAllowedError'
  constructor(method: string) {
    super({ code: 4200, shortMessage: 'Requested RPC call is not allowed', details: `method: ${method}` })
  }
}

export class UnsupportedMethodError extends AppKitError {
  override name = 'UnsupportedMethodError'
  constructor(method: string) {
    super({
      code: 4200,
      shortMessage: 'The provider does not support the requested method',
      details: `method: ${method}`,
    })
  }
}

export class DisconnectedError extends AppKitError {
  override name = 'DisconnectedError'
  constructor() {
    super({ code: 4900, shortMessage: 'The provider is disconnected from all chains' })
  }
}

export class UnrecognizedChainError extends AppKitError {
  override name = 'UnrecognizedChainError'
  constructor(chain: string) {
    super({ code: 4902, shortMessage: 'Unrecognized chain', details: `chain: ${chain}` })
  }
}

export class InvalidCaipAddressError extends AppKitError {
  override name = 'InvalidCaipAddressError'
  constructor(value: string) {
    super({
      code: 'invalid_caip_address',
      shortMessage: 'Invalid CAIP-10 address',
      details: `value: ${value}`,
    })
  }
}

export class InvalidCaipNetworkIdError extends AppKitError {
  override name = 'InvalidCaipNetworkIdError'
  constructor(value: string) {
    super({
      code: 'invalid_caip_network_id',
      shortMessage: 'Invalid CAIP-2 network id',
      details: `value: ${value}`,
    })
  }
}

/** EIP-1193 4001 for a request (not a connection) the wallet's user declined. */
export class UserRejectedRequestError extends AppKitError {
  override name = 'UserRejectedRequestError'
  constructor(details?: string) {
    super({ code: 4001, shortMessage: 'User rejected the request', details })
  }
}

export class NotConnectedError extends AppKitError {
  override name = 'NotConnectedError'
  constructor(details?: string) {
    super({ code: 4100, shortMessage: 'Please call connect() before request()', details })
  }
}

/** EIP-1193 4100: a site asked about an account the user did not connect to it (wallet_getAssets). */
export class AccountNotAuthorizedError extends AppKitError {
  override name = 'AccountNotAuthorizedError'
  constructor(details?: string) {
    super({ code: 4100, shortMessage: 'The requested account has not been authorized by the user', details })
  }
}

/** SPEC §8: the frame's error payload message, or 'An error occurred'. */
export class FrameError extends AppKitError {
  override name = 'FrameError'
  constructor(message?: string, code: AppKitErrorCode = 5000) {
    super({ code, shortMessage: message?.slice(0, 200) || 'An error occurred' })
  }
}

/** SPEC §8: an RPC request aborted (the modal closed, or the user cancelled). */
export class RequestAbortedError extends AppKitError {
  override name = 'RequestAbortedError'
  constructor() {
    super({ code: 4001, shortMessage: 'Request was aborted' })
  }
}

/**
 * SPEC §4: a preferred smart account could not be set up (no smart account on that network yet);
 * the embedded wallet then uses its EOA.
 */
export class SmartAccountUnavailableError extends AppKitError {
  override name = 'SmartAccountUnavailableError'
  constructor(details?: string) {
    super({ code: 'smart_account_unavailable', shortMessage: 'Smart accounts are not available', details })
  }
}

/**
 * Typed data that would act as the user's smart account outside its own approvals: a
 * delegation of the Delegation Framework (ask wallet_grantPermissions, which shows its scope), or,
 * for the owner key, an ERC-7739 wrapper or any message under the smart account's own domain (its
 * signature would be the account's).
 */
export class SmartAccountSigningRefusedError extends AppKitError {
  override name = 'SmartAccountSigningRefusedError'
  constructor(details?: string) {
    super({
      code: 4001,
      shortMessage: 'This signature could act as your smart account, so it is refused',
      details,
    })
  }
}

/**
 * The embedded wallet's EOA owns its smart account, which accepts the EOA's EIP-191
 * signature of an operation's 32-byte hash. So where smart accounts exist, the EOA signs no bare
 * 32-byte message: a site could pass an operation's hash off as a message and drain the account.
 */
export class HashSigningRefusedError extends AppKitError {
  override name = 'HashSigningRefusedError'
  constructor() {
    super({
      code: 4001,
      shortMessage:
        'A 32-byte hash cannot be signed as a message: it could approve a smart-account operation',
    })
  }
}

/**
 * Typed data under the EIP-712 domain only the secure frame signs with (`SECURE_FRAME_DOMAIN_NAME`:
 * the replacement of the wallet's auth share): a site asking for it would get the signature that
 * swaps the user's key share, so it is refused, whatever its chain, version or message.
 */
export class ReservedSigningRefusedError extends AppKitError {
  override name = 'ReservedSigningRefusedError'
  constructor() {
    super({
      code: 4001,
      shortMessage: 'This message is reserved for the wallet itself, so it is refused',
    })
  }
}

/**
 * The secure frame signs a sign-in message without an approval of its own only in the turn of a
 * login (the login was the user's consent): any later one goes through SIWXSignMessage and
 * the frame's approval screen.
 */
export class SiwxNeedsApprovalError extends AppKitError {
  override name = 'SiwxNeedsApprovalError'
  constructor(details?: string) {
    super({ code: 'siwx_needs_approval', shortMessage: 'The sign-in needs your approval', details })
  }
}
