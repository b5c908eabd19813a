import type { ServerResponse } from 'node:http'
import {
  classifyRequest,
  isSolanaReadMethod,
  type JsonRpcRequest,
  jsonRpcResponseSchema,
  RpcNotAllowedError,
} from '@modalkit/protocol'
import { HttpError } from '../server/HttpError.ts'
import type { ReadAnswer } from './coalesceReads.ts'
import { readBody } from './coalesceReads.ts'
import type { ChainUpstreams, UpstreamReply } from './createChainUpstreams.ts'
import { rpcCost } from './rpcCost.ts'
import { capLogResults, type RpcErrorBody, screenRpcCall } from './screenRpcCall.ts'

// Where these lived before several nodes per chain; code reading one node per chain imports them here.
export { parseUpstreams, type RpcUpstreams } from './parseUpstreams.ts'

/**
 * Filters live on one node (behind several upstreams a filter made on one is unknown to the next) and
 * each is a node-side resource any client could create without bound: the proxy refuses them; a
 * client polls eth_getLogs or eth_blockNumber instead.
 */
const FILTER_METHODS: ReadonlySet<string> = new Set([
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
])

/**
 * EVM safe reads (not the account methods, which only a wallet answers, nor filters) and Solana
 * reads. The proxy is given the upstream, not its namespace, so both lists apply to every chain: a
 * method of the other namespace only reaches a node that answers it with "method not found".
 */
function isForwardable(method: string): boolean {
  if (isSolanaReadMethod(method)) return true
  return (
    classifyRequest(method) === 'safe' &&
    method !== 'eth_requestAccounts' &&
    method !== 'eth_accounts' &&
    !FILTER_METHODS.has(method)
  )
}

const refusal = (call: JsonRpcRequest, error?: RpcErrorBody) => ({
  jsonrpc: '2.0',
  id: call.id,
  error: error ?? { code: 4200, message: new RpcNotAllowedError(call.method).shortMessage },
})

/** Node answers up to this size are read whole and sent in one write; larger ones are streamed. */
const MAX_BUFFERED_BYTES = 64 * 1024

/**
 * Left out of coalesced batches: signed sends (a retried batch must not carry them twice), and the
 * calls a node may take long over (EVM execution, scans, simulations: rpcCost above 1, and these):
 * a batch is answered whole, so one client's slow call would hold every other client's answer.
 */
const NOT_COALESCED: ReadonlySet<string> = new Set([
  'eth_sendRawTransaction',
  'sendTransaction',
  'simulateTransaction',
  'getTokenAccountsByOwner',
  'getMultipleAccounts',
  'getBlock',
  'getTransaction',
])
const coalescable = (call: JsonRpcRequest) => rpcCost(call) === 1 && !NOT_COALESCED.has(call.method)

function parseAnswers(bytes: Buffer, expected: number): unknown[] {
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    json = undefined
  }
  const answers = (Array.isArray(json) ? json : [json]).filter(
    (item) => jsonRpcResponseSchema.safeParse(item).success,
  )
  if (answers.length !== expected)
    throw new HttpError(502, 'upstream_invalid', 'the chain node answered malformed JSON-RPC')
  return answers
}

async function readAnswers(reply: UpstreamReply, expected: number): Promise<unknown[]> {
  return parseAnswers(await readBody(reply), expected)
}

/**
 * Forwards reads to the chain's node. Only safe methods pass (SPEC §6: reads and
 * eth_sendRawTransaction): the proxy holds no keys and must not become an open relay for anything
 * else a node offers (debug_*, anvil_*, personal_*, requestAirdrop, Solana signing). A refused call
 * gets a JSON-RPC error in its slot.
 *
 * When every call passes, the node's 200 answer is streamed to the client as it arrives, untouched:
 * its errors keep their code, message and data (revert data that ethers and viem decode), and the
 * modal parses every reply by its protocol schema. Otherwise the answers are read, checked and
 * merged with the refusals, in the request's order.
 */
export async function proxyRpc(
  upstream: ChainUpstreams,
  body: JsonRpcRequest | JsonRpcRequest[],
  res: ServerResponse,
  /** Single reads go through this (coalesceReads) when given. */
  read?: (call: JsonRpcRequest) => Promise<ReadAnswer>,
): Promise<void> {
  if (read && !Array.isArray(body) && isForwardable(body.method) && coalescable(body)) {
    const { status, bytes } = await read(body)
    if (status === 200) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length })
      res.end(bytes)
      return
    }
    const [answer] = parseAnswers(bytes, 1)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(answer))
    return
  }
  const calls = Array.isArray(body) ? body : [body]
  // The limits on each call (screenRpcCall); the node's head is read once, only if a range needs it.
  let head: Promise<number> | undefined
  const readHead = () => {
    head ??= upstream
      .send(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }))
      .then(readBody)
      .then((bytes) => Number((JSON.parse(bytes.toString('utf8')) as { result: string }).result))
    return head
  }
  const refused = new Map<JsonRpcRequest, RpcErrorBody | undefined>()
  for (const call of calls) {
    if (!isForwardable(call.method)) refused.set(call, undefined)
    else {
      const error = await screenRpcCall(call, readHead)
      if (error) refused.set(call, error)
    }
  }
  const allowed = calls.filter((call) => !refused.has(call))
  // A log answer is read whole, to refuse one with too many logs: it is never streamed.
  const capped = allowed.some((call) => call.method === 'eth_getLogs')
  let reply: UpstreamReply | undefined
  if (allowed.length > 0) {
    reply = await upstream.send(JSON.stringify(Array.isArray(body) ? allowed : body))
    if (allowed.length === calls.length && !capped && reply.status === 200) {
      const length = Number(reply.body.headers['content-length'])
      if (Number.isInteger(length) && length <= MAX_BUFFERED_BYTES) {
        // A small answer of known length (nearly every read) goes out in one write with its length:
        // no chunked framing and no separate end chunk, so one system call instead of three.
        const bytes = await readBody(reply)
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length })
        res.end(bytes)
        return
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      reply.body.on('error', () => res.destroy())
      reply.body.pipe(res)
      return
    }
  }
  const answers = reply ? await readAnswers(reply, allowed.length) : []
  const byId = new Map(answers.map((a) => [JSON.stringify((a as { id: unknown }).id), a]))
  const replies = calls.map((call) => {
    if (refused.has(call)) return refusal(call, refused.get(call))
    const answer = byId.get(JSON.stringify(call.id))
    return call.method === 'eth_getLogs' ? capLogResults(answer) : answer
  })
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(Array.isArray(body) ? replies : replies[0]))
}
