import {
  classifyRequest,
  isSolanaReadMethod,
  type JsonRpcRequest,
  jsonRpcResponseSchema,
  RpcNotAllowedError,
} from '@modalkit/protocol'
import { HttpError } from '../server/HttpError.ts'

/** CAIP-2 chain id → upstream JSON-RPC URL (local anvil nodes in dev, provider nodes in production). */
export type RpcUpstreams = ReadonlyMap<string, string>

/** Parses `eip155:31337=http://127.0.0.1:8545,solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn=http://127.0.0.1:8899,…`. */
export function parseUpstreams(text: string | undefined): RpcUpstreams {
  const map = new Map<string, string>()
  for (const entry of (text ?? '').split(',')) {
    const at = entry.indexOf('=')
    if (at > 0) map.set(entry.slice(0, at).trim(), entry.slice(at + 1).trim())
  }
  return map
}

const UPSTREAM_TIMEOUT_MS = 10_000

/**
 * EVM safe reads (not the account methods, which only a wallet answers) and Solana reads. The
 * proxy is given the upstream, not its namespace, so both lists apply to every chain: a method of
 * the other namespace only reaches a node that answers it with "method not found".
 */
function isForwardable(method: string): boolean {
  if (isSolanaReadMethod(method)) return true
  return classifyRequest(method) === 'safe' && method !== 'eth_requestAccounts' && method !== 'eth_accounts'
}

/**
 * Forwards reads to the chain's node. Only safe methods pass (SPEC §6: reads and
 * eth_sendRawTransaction): the proxy holds no keys and must not become an open relay for anything
 * else a node offers (debug_*, anvil_*, personal_*, requestAirdrop, Solana signing). A refused call gets a JSON-RPC error in its slot.
 */
export async function proxyRpc(upstream: string, body: JsonRpcRequest | JsonRpcRequest[]): Promise<unknown> {
  const calls = Array.isArray(body) ? body : [body]
  const refused = new Map<JsonRpcRequest, unknown>()
  for (const call of calls) {
    if (!isForwardable(call.method)) {
      refused.set(call, {
        jsonrpc: '2.0',
        id: call.id,
        error: { code: 4200, message: new RpcNotAllowedError(call.method).shortMessage },
      })
    }
  }
  const allowed = calls.filter((call) => !refused.has(call))
  let answers: unknown[] = []
  if (allowed.length > 0) {
    let res: Response
    try {
      res = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(allowed),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      })
    } catch {
      throw new HttpError(502, 'upstream_unavailable', 'the chain node did not answer')
    }
    const json: unknown = await res.json().catch(() => undefined)
    const list = Array.isArray(json) ? json : [json]
    answers = list.filter((item) => jsonRpcResponseSchema.safeParse(item).success)
    if (answers.length !== allowed.length)
      throw new HttpError(502, 'upstream_invalid', 'the chain node answered malformed JSON-RPC')
  }
  const byId = new Map(answers.map((a) => [JSON.stringify((a as { id: unknown }).id), a]))
  const replies = calls.map((call) => refused.get(call) ?? byId.get(JSON.stringify(call.id)))
  return Array.isArray(body) ? replies : replies[0]
}
