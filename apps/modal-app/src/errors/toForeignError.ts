import {
  AppKitError,
  ConnectionRejectedError,
  FailedToConnectError,
  InvalidKeyError,
  JwtNotYetValidError,
  nodeRpcErrorSchema,
  OriginNotAllowedError,
  toNodeError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from '@modalkit/protocol'

/** Who answered: a wallet asked to connect, a wallet asked a request, or a chain's JSON-RPC node. */
export type ForeignSource = 'connect' | 'request' | 'node'

const MAX_DETAILS = 200

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
}

function textOf(error: unknown): string {
  const text =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && error !== null
        ? (error as { message?: unknown }).message
        : undefined
  return typeof text === 'string' ? text.slice(0, MAX_DETAILS) : ''
}

/**
 * A wallet saying no: EIP-1193's 4001, WalletConnect's 5000 (user rejected), or a wallet that only
 * says so in words (some WalletConnect wallets reject with a bare message).
 */
function isRejection(code: unknown, text: string): boolean {
  return code === 4001 || code === 5000 || /rejected/i.test(text)
}

/**
 * The one table from other parties' errors (wallets, WalletConnect's relay, a chain's node) to ours
 * (viem's `getNodeError`): their code picks our error and its fixed SPEC §8 words; their own text
 * goes to `details`, for developers, never to a message the user sees. Our own errors pass through.
 *
 * @example
 * toForeignError({ code: 4001, message: 'User denied' }, 'request') // UserRejectedRequestError (4001)
 */
export function toForeignError(error: unknown, source: ForeignSource): AppKitError {
  if (error instanceof AppKitError) return error
  const code = codeOf(error)
  const details = textOf(error) || undefined
  // A node's error keeps its code, message and data (ethers and viem decode reverts from them); the
  // protocol's one table types it. Only the proxy's own refusal (4200) is ours.
  const rpc = nodeRpcErrorSchema.safeParse(error)
  if (source === 'node') {
    if (code === 4200) return new UnsupportedMethodError(details ?? 'unknown')
    if (rpc.success) return toNodeError(rpc.data)
    return new AppKitError({ code: -32603, shortMessage: 'The chain could not answer the request', details })
  }
  // The relay closing the socket on the client's credentials (code 3000, its own words).
  if (/JWT Token is not yet valid/.test(details ?? '')) return new JwtNotYetValidError(details)
  if (/Unauthorized: invalid key/.test(details ?? '')) return new InvalidKeyError(details)
  if (/Unauthorized: origin not allowed/.test(details ?? '')) return new OriginNotAllowedError(details)
  if (source === 'connect') {
    return isRejection(code, details ?? '')
      ? new ConnectionRejectedError(details)
      : new FailedToConnectError(details)
  }
  if (isRejection(code, details ?? '')) return new UserRejectedRequestError(details)
  if (code === 4902) return new UnrecognizedChainError(details ?? 'unknown')
  // A paired wallet passing on its node's error (a revert while it estimates gas, a nonce too low).
  if (rpc.success) {
    const node = toNodeError(rpc.data)
    if (node.code !== 'node_error') return node
  }
  return new AppKitError({ code: 5000, shortMessage: 'Wallet request failed', details })
}
