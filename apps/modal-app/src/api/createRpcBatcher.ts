import {
  apiErrorSchema,
  ChainNotSupportedError,
  InvalidAppConfigurationError,
  jsonRpcResponseSchema,
  RateLimitedError,
  ServerError,
} from '@modalkit/protocol'
import { RPC_BATCH, RPC_DEDUPE_CACHE_SIZE } from '@modalkit/shared'
import { toForeignError } from '../errors/toForeignError.ts'

type JsonRpcResponse = ReturnType<typeof jsonRpcResponseSchema.parse>
type Call = { id: number; method: string; params: unknown[] }
type Pending = Call & { resolve(value: unknown): void; reject(error: unknown): void }

/** POSTs a JSON-RPC body for one chain to the API's proxy and returns the HTTP reply. */
export type PostRpc = (caipNetworkId: string, body: unknown) => Promise<Response>
export type RpcRead = (caipNetworkId: string, method: string, params: unknown[]) => Promise<unknown>

/**
 * Answers that never change for a chain, so they are kept for the page's life. Nothing else is
 * cached: a read after a transaction must see it (balances, nonces, receipts are re-read).
 */
const IMMUTABLE = new Set(['eth_chainId', 'net_version', 'getGenesisHash'])

/**
 * Runs `task` once the messages already queued for this window have been handled, then a 0 ms
 * timer: the batch wait of 0 (SPEC §9). The host's reads of one tick reach this process as
 * separate postMessage tasks (over IPC, not always back to back), and Chromium may run a bare 0 ms
 * timer before the later ones; a posted message is queued behind those already here. Where no
 * MessageChannel exists, the 0 ms timer alone.
 */
function afterQueuedMessages(task: () => void): void {
  if (RPC_BATCH.waitMs > 0 || typeof MessageChannel === 'undefined') {
    setTimeout(task, RPC_BATCH.waitMs)
    return
  }
  const { port1, port2 } = new MessageChannel()
  port1.onmessage = () => {
    port1.close()
    setTimeout(task, 0)
  }
  port2.postMessage(null)
}

/** The proxy's refusal in SPEC §8's words: a chain it has no node for is 'Chain is not supported'. */
function toProxyError(caipNetworkId: string, status: number, body: unknown) {
  const code = apiErrorSchema.safeParse(body).data?.error.code
  if (code === 'unsupported_chain') return new ChainNotSupportedError(caipNetworkId)
  if (code === 'invalid_app_configuration') return new InvalidAppConfigurationError('chain RPC proxy')
  if (code === 'rate_limited') return new RateLimitedError('chain RPC proxy')
  return new ServerError(`chain RPC proxy: HTTP ${status}`)
}

/**
 * The modal's chain reads (SPEC §9): reads that arrive in the same task go out as ONE JSON-RPC batch
 * per chain (batch wait 0, at most 1000 calls); identical reads in flight share one call (up to
 * 8192 remembered); a chain's immutable answers are kept. A node's error rejects its own call only,
 * typed by the protocol's node-error table with the node's code, message and data.
 */
export function createRpcBatcher(post: PostRpc): RpcRead {
  const queues = new Map<string, Pending[]>()
  const inFlight = new Map<string, Promise<unknown>>()
  const kept = new Map<string, unknown>()
  let nextId = 1

  const settle = (calls: Pending[], replies: unknown) => {
    const list = Array.isArray(replies) ? replies : [replies]
    const byId = new Map<unknown, JsonRpcResponse>()
    for (const item of list) {
      const parsed = jsonRpcResponseSchema.safeParse(item)
      if (parsed.success) byId.set(parsed.data.id, parsed.data)
    }
    for (const call of calls) {
      const reply = byId.get(call.id)
      if (!reply) call.reject(new ServerError('chain RPC proxy: malformed reply'))
      else if (reply.error) call.reject(toForeignError(reply.error, 'node'))
      else call.resolve(reply.result)
    }
  }

  const flush = async (caipNetworkId: string) => {
    const calls = queues.get(caipNetworkId) ?? []
    queues.delete(caipNetworkId)
    if (!calls.length) return
    const wire = calls.map(({ id, method, params }) => ({ jsonrpc: '2.0', id, method, params }))
    try {
      // One call alone goes as itself: a batch of one says nothing more.
      const res = await post(caipNetworkId, wire.length === 1 ? wire[0] : wire)
      const replies: unknown = await res.json().catch(() => undefined)
      if (!res.ok) throw toProxyError(caipNetworkId, res.status, replies)
      settle(calls, replies)
    } catch (error) {
      for (const call of calls) call.reject(error)
    }
  }

  // The batch leaves once a posted-message hop passed with no new read for its chain: the host's
  // reads of one tick cross the process boundary as separate messages, not always in one task.
  const settleQueue = (caipNetworkId: string, length: number) =>
    afterQueuedMessages(() => {
      const queue = queues.get(caipNetworkId)
      if (queue && queue.length === length) void flush(caipNetworkId)
    })

  const enqueue = (caipNetworkId: string, method: string, params: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const queue = queues.get(caipNetworkId) ?? []
      queues.set(caipNetworkId, queue)
      queue.push({ id: nextId++, method, params, resolve, reject })
      if (queue.length >= RPC_BATCH.size) void flush(caipNetworkId)
      else settleQueue(caipNetworkId, queue.length)
    })

  return (caipNetworkId, method, params) => {
    const key = `${caipNetworkId}\n${method}\n${JSON.stringify(params)}`
    if (kept.has(key)) return Promise.resolve(kept.get(key))
    const shared = inFlight.get(key)
    if (shared) return shared
    const read = enqueue(caipNetworkId, method, params)
    if (inFlight.size < RPC_DEDUPE_CACHE_SIZE) {
      inFlight.set(key, read)
      read.then(
        (result) => {
          if (IMMUTABLE.has(method) && result !== undefined && result !== null) kept.set(key, result)
        },
        () => {},
      )
      read.finally(() => inFlight.delete(key)).catch(() => {})
    }
    return read
  }
}

/**
 * One ERC-4337 read (BUNDLER_READ_METHODS) through the API's bundler route: alone, never batched (the
 * bundler takes one call a request) nor kept (a receipt appears once mined). The bundler's error
 * rejects the call with its code and message.
 */
export function createBundlerRead(post: PostRpc): RpcRead {
  let nextId = 1
  return async (caipNetworkId, method, params) => {
    const res = await post(caipNetworkId, { jsonrpc: '2.0', id: nextId++, method, params })
    const body: unknown = await res.json().catch(() => undefined)
    if (!res.ok) throw toProxyError(caipNetworkId, res.status, body)
    const reply = jsonRpcResponseSchema.safeParse(body)
    if (!reply.success) throw new ServerError('bundler: malformed reply')
    if (reply.data.error) throw toForeignError(reply.data.error, 'node')
    return reply.data.result
  }
}
