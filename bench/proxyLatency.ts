import { loadLoop } from './loadLoop.ts'

export type ProxyLatencyRow = {
  concurrency: number
  node: { perSecond: number; p50: number | undefined; p99: number | undefined; errors: number }
  proxy: { perSecond: number; p50: number | undefined; p99: number | undefined; errors: number }
}

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
export const PROXY_CONCURRENCY = [1, 16, 64] as const

/**
 * The API's chain proxy against the node it fronts, side by side: `eth_blockNumber` in a closed loop
 * at 1, 16 and 64 concurrent keep-alive connections, throughput and p50/p99 latency. The two loads
 * alternate per concurrency, so a busy moment of a shared machine falls on both alike.
 */
export async function measureProxyLatency({
  proxyUrl,
  nodeUrl,
  durationMs = 3_000,
}: {
  proxyUrl: string
  nodeUrl: string
  durationMs?: number
}): Promise<ProxyLatencyRow[]> {
  const rows: ProxyLatencyRow[] = []
  for (const connections of PROXY_CONCURRENCY) {
    const run = async (url: string) => {
      const r = await loadLoop({ url, body: BODY, connections, durationMs, maxRequests: 500_000 })
      return { perSecond: r.perSecond, p50: r.latencyMs?.median, p99: r.p99Ms, errors: r.errors }
    }
    // A short warm-up of each, so connection pools and JIT are settled before counting.
    await loadLoop({ url: proxyUrl, body: BODY, connections, durationMs: 300, maxRequests: 5_000 })
    await loadLoop({ url: nodeUrl, body: BODY, connections, durationMs: 300, maxRequests: 5_000 })
    const node = await run(nodeUrl)
    const proxy = await run(proxyUrl)
    rows.push({ concurrency: connections, node, proxy })
  }
  return rows
}

const ms = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(2)} ms`)

/** The rows as a fixed-width table: node and proxy side by side, the proxy's share and added latency. */
export function proxyLatencyTable(rows: readonly ProxyLatencyRow[]): string {
  const header = [
    'conc.',
    'node req/s',
    'proxy req/s',
    'proxy/node',
    'node p50',
    'proxy p50',
    'added p50',
    'node p99',
    'proxy p99',
  ]
  const lines = rows.map(({ concurrency, node, proxy }) => [
    String(concurrency),
    node.perSecond.toFixed(0),
    `${proxy.perSecond.toFixed(0)}${proxy.errors ? ` (${proxy.errors} errors)` : ''}`,
    node.perSecond ? `${((proxy.perSecond / node.perSecond) * 100).toFixed(0)} %` : '—',
    ms(node.p50),
    ms(proxy.p50),
    node.p50 !== undefined && proxy.p50 !== undefined ? ms(proxy.p50 - node.p50) : '—',
    ms(node.p99),
    ms(proxy.p99),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const format = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ')
  return [format(header), ...lines.map(format)].join('\n')
}
