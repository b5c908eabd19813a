import * as z from 'zod/mini'

/** Revert data and other node `data` beyond this many bytes of JSON are not carried (a frame message's budget). */
export const MAX_NODE_ERROR_DATA_BYTES = 64 * 1024

/**
 * A chain node's JSON-RPC error as it answered it. Clients decode what they need from exactly these
 * fields (ethers' and viem's custom-error decoding reads `data`, the revert bytes), so they travel
 * unchanged through the API proxy, the modal and the loader.
 */
export const nodeRpcErrorSchema = z.object({
  code: z.number().check(z.int()),
  message: z.string().check(z.maxLength(2000)),
  data: z.optional(
    z.unknown().check(
      z.refine((value) => (JSON.stringify(value) ?? '').length <= MAX_NODE_ERROR_DATA_BYTES, {
        message: 'node error data too large',
      }),
    ),
  ),
})
export type NodeRpcError = z.infer<typeof nodeRpcErrorSchema>
