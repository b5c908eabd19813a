import type { z } from 'zod'

/**
 * A JSON-RPC error with the code a Solana node (Agave) gives, so clients' error paths run as they
 * would against a real cluster: -32002 preflight failure, -32003 signature verification, -32602
 * invalid params, -32601 unknown method, -32600 invalid request, -32700 parse error.
 */
export class RpcError extends Error {
  override readonly name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }

  toJson(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data }
  }
}

export const parseError = () => new RpcError(-32700, 'Parse error')
export const invalidRequest = () => new RpcError(-32600, 'Invalid request')
export const methodNotFound = () => new RpcError(-32601, 'Method not found')
export const invalidParams = (detail: string) => new RpcError(-32602, `Invalid params: ${detail}`)

/** -32602 naming each zod issue and where in `params` it is. */
export function invalidParamsFrom(error: z.ZodError): RpcError {
  const text = error.issues
    .map(
      (issue) =>
        `${issue.message}${issue.path.length > 0 ? ` at params${issue.path.map((key) => `[${String(key)}]`).join('')}` : ''}`,
    )
    .join('; ')
  return invalidParams(text)
}
