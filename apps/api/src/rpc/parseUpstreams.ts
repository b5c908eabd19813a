/** CAIP-2 chain id → its first node's JSON-RPC URL (what the indexer and other one-node readers use). */
export type RpcUpstreams = ReadonlyMap<string, string>
/** CAIP-2 chain id → every node's URL, in the configured order: the proxy falls back between them. */
export type RpcUpstreamLists = ReadonlyMap<string, readonly string[]>

/**
 * Parses RPC_UPSTREAMS: `chain=url` entries separated by commas; several nodes of one chain by `|`
 * (the proxy falls back between them, SPEC §9), e.g.
 * `eip155:1=https://a.example/rpc|https://b.example/rpc,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp=https://c.example`.
 */
export function parseUpstreamLists(text: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>()
  for (const entry of (text ?? '').split(',')) {
    const at = entry.indexOf('=')
    if (at <= 0) continue
    const urls = entry
      .slice(at + 1)
      .split('|')
      .map((url) => url.trim())
      .filter(Boolean)
    const chain = entry.slice(0, at).trim()
    if (urls.length) map.set(chain, [...(map.get(chain) ?? []), ...urls])
  }
  return map
}

/** RPC_UPSTREAMS' first node per chain. */
export function parseUpstreams(text: string | undefined): Map<string, string> {
  return new Map([...parseUpstreamLists(text)].map(([chain, urls]) => [chain, urls[0]!]))
}
