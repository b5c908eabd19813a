import { AppKitError, NodeError } from '@modalkit/protocol'

/** An EIP-1193 error: what ethers, viem and wagmi read (`code`, `message`, `data`). */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}

/**
 * Maps any failure to an EIP-1193 error; a chain node's error is the node's own (code, message, data);
 * named codes become JSON-RPC's invalid params or internal
 * error. A connected browser wallet's own error (an integer `code`, as EIP-1193 gives it) keeps its
 * code and message: clients act on them (4001: the user rejected; 4902: add the chain first).
 */
export function toProviderRpcError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error
  // A chain node's error, exactly as the node answered: ethers and viem decode reverts from its data.
  if (error instanceof NodeError)
    return new ProviderRpcError(error.rpc.code, error.rpc.message, error.rpc.data)
  if (error instanceof AppKitError) {
    const code =
      typeof error.code === 'number' ? error.code : error.code === 'validation_error' ? -32602 : -32603
    return new ProviderRpcError(code, error.shortMessage, { code: error.code, details: error.details })
  }
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (Number.isInteger(code)) {
    return new ProviderRpcError(code as number, typeof message === 'string' ? message : 'Wallet error')
  }
  return new ProviderRpcError(-32603, 'Internal error')
}
