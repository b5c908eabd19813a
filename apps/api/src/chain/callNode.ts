const NODE_TIMEOUT_MS = 10_000

export class NodeCallError extends Error {
  override name = 'NodeCallError'
}

/**
 * One JSON-RPC call from the API itself to a chain's node (the indexer and balance reads; the
 * browser's calls go through proxyRpc). The node is configuration (RPC_UPSTREAMS), not user input.
 */
export async function callNode<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(NODE_TIMEOUT_MS),
  })
  if (!res.ok) throw new NodeCallError(`${method}: HTTP ${res.status}`)
  const body = (await res.json()) as { result?: T; error?: { message?: string } }
  if (body.error) throw new NodeCallError(`${method}: ${body.error.message ?? 'error'}`)
  return body.result as T
}
