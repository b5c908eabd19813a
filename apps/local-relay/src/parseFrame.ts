import { type RpcId, rpcIdSchema, rpcRequestSchema, rpcResponseSchema } from './relaySchemas.ts'
import { RelayRpcError, RPC_ERROR } from './rpcError.ts'

export type Frame =
  | { kind: 'request'; id: RpcId; method: string; params: unknown }
  | { kind: 'response'; id: RpcId; ok: boolean }
  | { kind: 'invalid'; id: RpcId | null; error: RelayRpcError }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Classifies one text frame: a request to answer, a client's answer to one of our pushes (its
 * ack), or something malformed to answer with a JSON-RPC error (with the frame's id when it has a
 * usable one, else null, as JSON-RPC 2.0 says).
 */
export function parseFrame(text: string): Frame {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { kind: 'invalid', id: null, error: new RelayRpcError(RPC_ERROR.parseError, 'Parse error') }
  }
  const rawId = isRecord(json) ? rpcIdSchema.safeParse(json.id) : undefined
  const id = rawId?.success ? rawId.data : null
  if (isRecord(json) && 'method' in json) {
    const request = rpcRequestSchema.safeParse(json)
    if (request.success) {
      const { id, method, params } = request.data
      return { kind: 'request', id, method, params }
    }
    return {
      kind: 'invalid',
      id,
      error: RelayRpcError.fromZod(RPC_ERROR.invalidRequest, 'Invalid request', request.error),
    }
  }
  if (isRecord(json) && ('result' in json || 'error' in json)) {
    const response = rpcResponseSchema.safeParse(json)
    // An error answer is told apart on the raw frame: the schema's result branch accepts it too.
    if (response.success) return { kind: 'response', id: response.data.id, ok: !('error' in json) }
    return {
      kind: 'invalid',
      id,
      error: RelayRpcError.fromZod(RPC_ERROR.invalidRequest, 'Invalid response', response.error),
    }
  }
  return { kind: 'invalid', id, error: new RelayRpcError(RPC_ERROR.invalidRequest, 'Invalid request') }
}
