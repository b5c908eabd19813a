import type { JsonRpcRequest } from '@modalkit/protocol'

/**
 * The proxy's limits on what one call may ask of a node, as the hosted providers set them, with the
 * error shapes they answer (Infura: `-32602 range N exceeds limit of 10000` before the call,
 * `-32005 query returned more than 10000 results` after it), so clients written against them
 * (ethers, viem, indexers that halve the range) handle ours alike.
 */
export const MAX_LOG_BLOCK_RANGE = 10_000
export const MAX_LOG_RESULTS = 10_000

export type RpcErrorBody = { code: number; message: string }

/** Calls whose params past the second are state or block overrides: any EVM state, priced as one call. */
const OVERRIDABLE = new Set(['eth_call', 'eth_estimateGas'])
const HEAD_TAGS = new Set(['latest', 'safe', 'finalized', 'pending'])

/** A block parameter as a number: tags other than `earliest` are the head; undefined when malformed. */
async function blockNumber(value: unknown, readHead: () => Promise<number>): Promise<number | undefined> {
  if (value === undefined || value === null || (typeof value === 'string' && HEAD_TAGS.has(value)))
    return readHead()
  if (value === 'earliest') return 0
  if (typeof value === 'string' && /^0x[0-9a-f]{1,16}$/i.test(value)) return Number.parseInt(value, 16)
  return undefined
}

/**
 * The refusal for a call the proxy does not forward as asked, or undefined. `eth_getLogs` may span at
 * most MAX_LOG_BLOCK_RANGE blocks (a `blockHash` filter is one block; a malformed one goes to the node,
 * which refuses it); `eth_call` and `eth_estimateGas` take no state or block overrides.
 * @param readHead The node's head block, read only when a tag needs it.
 */
export async function screenRpcCall(
  call: JsonRpcRequest,
  readHead: () => Promise<number>,
): Promise<RpcErrorBody | undefined> {
  const params = call.params ?? []
  if (OVERRIDABLE.has(call.method) && params.slice(2).some((p) => p !== undefined && p !== null))
    return { code: -32602, message: `${call.method} with state or block overrides is not supported` }
  if (call.method !== 'eth_getLogs') return undefined
  const filter = params[0]
  if (typeof filter !== 'object' || filter === null) return undefined
  const { blockHash, fromBlock, toBlock } = filter as Record<string, unknown>
  if (blockHash !== undefined && blockHash !== null) return undefined
  const from = await blockNumber(fromBlock, readHead)
  const to = await blockNumber(toBlock, readHead)
  if (from === undefined || to === undefined) return undefined
  const range = to - from + 1
  if (range > MAX_LOG_BLOCK_RANGE)
    return { code: -32602, message: `range ${range} exceeds limit of ${MAX_LOG_BLOCK_RANGE}` }
  return undefined
}

/** An `eth_getLogs` answer with more than MAX_LOG_RESULTS logs, replaced by the providers' error. */
export function capLogResults(answer: unknown): unknown {
  const { result, id } = answer as { result?: unknown; id?: unknown }
  if (!Array.isArray(result) || result.length <= MAX_LOG_RESULTS) return answer
  return {
    jsonrpc: '2.0',
    id,
    error: { code: -32005, message: `query returned more than ${MAX_LOG_RESULTS} results` },
  }
}
