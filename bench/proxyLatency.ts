import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { loadLoop } from './loadLoop.ts'

export type ProxyLatencyRow = {
  concurrency: number
  node: { perSecond: number; p50: number | undefined; p99: number | undefined; errors: number }
  proxy: { perSecond: number; p50: number | undefined; p99: number | undefined; errors: number }
  /** bench/bareProxy.ts on the same node: what any proxy's second loopback hop leaves. */
  bare?: { perSecond: number; p50: number | undefined; p99: number | undefined; errors: number }
}

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
export const PROXY_CONCURRENCY = [1, 8, 16, 64] as const

/**
 * The API's chain proxy against the node it fronts, side by side: `eth_blockNumber` in a closed loop
 * at 1, 8, 16 and 64 concurrent keep-alive connections, throughput and p50/p99 latency; with
 * `bareProxy`, bench/bareProxy.ts (a proxy with no checks, in its own process) on the same node
 * too, as the ceiling any proxy reaches on this machine. The loads alternate per concurrency, so a
 * busy moment of a shared machine falls on all alike.
 */
export async function measureProxyLatency({
  proxyUrl,
  nodeUrl,
  bareProxy = false,
  durationMs = 3_000,
}: {
  proxyUrl: string
  nodeUrl: string
  bareProxy?: boolean
  durationMs?: number
}): Promise<ProxyLatencyRow[]> {
  const bare = bareProxy ? await startBareProxy(nodeUrl) : undefined
  try {
    const rows: ProxyLatencyRow[] = []
    for (const connections of PROXY_CONCURRENCY) {
      const run = async (url: string) => {
        // A short warm-up of each, so connection pools and JIT are settled before counting.
        await loadLoop({ url, body: BODY, connections, durationMs: 300, maxRequests: 5_000 })
        const r = await loadLoop({ url, body: BODY, connections, durationMs, maxRequests: 500_000 })
        return { perSecond: r.perSecond, p50: r.latencyMs?.median, p99: r.p99Ms, errors: r.errors }
      }
      const node = await run(nodeUrl)
      const proxy = await run(proxyUrl)
      rows.push({ concurrency: connections, node, proxy, ...(bare ? { bare: await run(bare.url) } : {}) })
    }
    return rows
  } finally {
    bare?.stop()
  }
}

async function startBareProxy(nodeUrl: string): Promise<{ url: string; stop: () => void }> {
  const tsx = resolve(import.meta.dirname, '../node_modules/.bin/tsx')
  const child = spawn(tsx, [resolve(import.meta.dirname, 'bareProxy.ts'), nodeUrl], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const lines = createInterface({ input: child.stdout })
  const ready = new Promise<string>((done) =>
    lines.on('line', (line) => {
      const port = /^ready (\d+)$/.exec(line)?.[1]
      if (port) done(port)
    }),
  )
  const exited = once(child, 'exit').then(() => {
    throw new Error('bench/bareProxy.ts exited before it listened')
  })
  const port = await Promise.race([ready, exited])
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() }
}

const ms = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(2)} ms`)

/**
 * The rows as a fixed-width table: node and proxy side by side, the proxy's share and added latency,
 * and the bare proxy's share when it ran.
 */
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
    ...(rows.some((r) => r.bare) ? ['bare proxy/node'] : []),
  ]
  const share = (part: number, whole: number) => (whole ? `${((part / whole) * 100).toFixed(0)} %` : '—')
  const lines = rows.map(({ concurrency, node, proxy, bare }) => [
    String(concurrency),
    node.perSecond.toFixed(0),
    `${proxy.perSecond.toFixed(0)}${proxy.errors ? ` (${proxy.errors} errors)` : ''}`,
    share(proxy.perSecond, node.perSecond),
    ms(node.p50),
    ms(proxy.p50),
    node.p50 !== undefined && proxy.p50 !== undefined ? ms(proxy.p50 - node.p50) : '—',
    ms(node.p99),
    ms(proxy.p99),
    ...(bare ? [share(bare.perSecond, node.perSecond)] : []),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const format = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ')
  return [format(header), ...lines.map(format)].join('\n')
}
