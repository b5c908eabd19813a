import type { z } from 'zod'

/** JSON-RPC 2.0 error codes the relay answers with (-32000…-32099 are the server's own). */
export const RPC_ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  /** A cap of `relayLimits.ts` was reached: too many topics, storage full. */
  capacity: -32000,
} as const

export type RpcErrorCode = (typeof RPC_ERROR)[keyof typeof RPC_ERROR]

export type RpcErrorObject = {
  code: RpcErrorCode
  message: string
  data?: { issues: { code: string; path: string; message: string }[] }
}

/** A failure a handler raises; the dispatcher turns it into the JSON-RPC error answer. */
export class RelayRpcError extends Error {
  override readonly name = 'RelayRpcError'
  constructor(
    readonly code: RpcErrorCode,
    message: string,
    readonly data?: RpcErrorObject['data'],
  ) {
    super(message)
  }

  toJSON(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }

  /** Bad input carries zod's issue codes (too_big, invalid_type, …), as STYLE.md asks. */
  static fromZod(code: RpcErrorCode, message: string, error: z.ZodError): RelayRpcError {
    const issues = error.issues.slice(0, 10).map((issue) => ({
      code: issue.code,
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }))
    return new RelayRpcError(code, message, { issues })
  }
}
