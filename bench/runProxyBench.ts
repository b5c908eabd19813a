import { type ChildProcess, spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { measureProxyLatency, proxyLatencyTable } from './proxyLatency.ts'

/**
 * The proxy part of `npm run bench` on its own (`npx tsx bench/runProxyBench.ts`): an anvil node and
 * the API (PGlite in memory, the `bench` project allowing the named site) on free loopback ports,
 * then measureProxyLatency. Under a loaded machine the figures are indicative only (load is printed).
 */
const ROOT = resolve(import.meta.dirname, '..')
const NODE_PORT = 31545 + Math.floor(Math.random() * 500)
const API_PORT = NODE_PORT + 600
const SITE = 'http://site.bench'

async function waitUp(url: string, init: RequestInit): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url, init).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not start`)
}

async function main(): Promise<void> {
  const children: ChildProcess[] = []
  try {
    children.push(
      spawn(resolve(ROOT, 'node_modules/.bin/anvil'), [
        '--host',
        '127.0.0.1',
        '--port',
        String(NODE_PORT),
        '--silent',
      ]),
    )
    const nodeUrl = `http://127.0.0.1:${NODE_PORT}`
    children.push(
      spawn(resolve(ROOT, 'node_modules/.bin/tsx'), [resolve(ROOT, 'apps/api/src/main.ts')], {
        env: {
          ...process.env,
          API_PORT: String(API_PORT),
          PGLITE_DIR: 'memory://',
          SEED_PROJECT_ID: 'bench',
          SEED_ORIGINS: SITE,
          RPC_UPSTREAMS: `eip155:31337=${nodeUrl}`,
          // A load test from one address: the quotas would answer 429 within a second.
          RPC_QUOTA_PER_CLIENT: '1000000000',
          RPC_QUOTA_PER_PROJECT: '1000000000',
        },
        stdio: 'ignore',
      }),
    )
    await waitUp(nodeUrl, { method: 'POST', body: '{}' })
    await waitUp(`http://127.0.0.1:${API_PORT}/health`, {})
    const query = new URLSearchParams({ chainId: 'eip155:31337', projectId: 'bench', siteOrigin: SITE })
    const load = [loadavg()[0]!]
    const rows = await measureProxyLatency({
      proxyUrl: `http://127.0.0.1:${API_PORT}/v1/?${query}`,
      nodeUrl,
      bareProxy: true,
    })
    load.push(loadavg()[0]!)
    console.log(
      `API chain proxy vs the node (eth_blockNumber, 3 s per cell; load average ${load.map((l) => l.toFixed(1)).join(' → ')})`,
    )
    console.log(proxyLatencyTable(rows))
  } finally {
    for (const child of children) child.kill()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
