import { z } from 'zod'
import { invalidRequest, methodNotFound, RpcError } from './RpcError.ts'
import type { RpcMethods } from './rpcMethod.ts'

/** Batches larger than this are refused whole (SPEC §9 allows clients up to 1000 calls). */
export const MAX_BATCH = 1000

const idSchema = z.union([z.string().max(256), z.number(), z.null()])

export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: idSchema.optional(),
  method: z.string().min(1).max(128),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
})

export type JsonRpcId = z.infer<typeof idSchema>
export type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: JsonRpcId; result: unknown }
  | { jsonrpc: '2.0'; id: JsonRpcId; error: ReturnType<RpcError['toJson']> }

const errorResponse = (id: JsonRpcId, error: RpcError): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: error.toJson(),
})

function handleOne(methods: RpcMethods, item: unknown): JsonRpcResponse | undefined {
  const request = jsonRpcRequestSchema.safeParse(item)
  if (!request.success) {
    const id = idSchema.safeParse((item as { id?: unknown } | null)?.id)
    return errorResponse(id.success ? id.data : null, invalidRequest())
  }
  const { id, method, params } = request.data
  // A request without an id is a notification: run it, answer nothing (JSON-RPC 2.0 §4.1).
  let response: JsonRpcResponse
  const run = methods.get(method)
  if (!run) response = errorResponse(id ?? null, methodNotFound())
  else {
    try {
      response = { jsonrpc: '2.0', id: id ?? null, result: run(params) }
    } catch (error) {
      if (!(error instanceof RpcError)) console.error('local-solana: internal error in', method, error)
      response = errorResponse(
        id ?? null,
        error instanceof RpcError ? error : new RpcError(-32603, 'Internal error'),
      )
    }
  }
  return id === undefined ? undefined : response
}

/**
 * Answers one parsed JSON-RPC body: a request or a batch. Each batch entry is validated and answered
 * on its own, in order; an empty or oversized batch is one -32600. Returns undefined when nothing is
 * to be sent back (only notifications).
 */
export function handleJsonRpc(
  methods: RpcMethods,
  body: unknown,
): JsonRpcResponse | JsonRpcResponse[] | undefined {
  if (!Array.isArray(body)) return handleOne(methods, body)
  if (body.length === 0 || body.length > MAX_BATCH) return errorResponse(null, invalidRequest())
  const responses = body.flatMap((item) => handleOne(methods, item) ?? [])
  return responses.length > 0 ? responses : undefined
}
