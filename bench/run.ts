import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { chromiumArgs } from '../e2e/chromiumSwitches.ts'
import { builtPage, fileSizes } from './fileSizes.ts'
import { loadLoop } from './loadLoop.ts'
import { type LoginLoadRow, loginLoad, loginLoadTable } from './loginLoad.ts'
import { measureRun, type Product, type RunResult, type Scenario } from './measurePage.ts'
import { measureOpenToBalances } from './openToBalances.ts'
import { printTable } from './printTable.ts'
import { measureProxyLatency, proxyLatencyTable } from './proxyLatency.ts'
import { startPostgresApi } from './startPostgresApi.ts'
import { startStack } from './startStack.ts'
import { type BenchResults, type ProductRuns, tableRows } from './tableRows.ts'

/**
 * `npm run bench`: builds production bundles (ours and the AppKit comparison page), starts the stack
 * on shifted loopback ports, measures both products the same way, and prints one table (stdout and
 * `bench/results/<date>-<commit>.json`). It never fails on a budget. Progress goes to stderr.
 */
const ROOT = resolve(import.meta.dirname, '..')
const RESULTS = resolve(ROOT, 'bench/results')
const APPKIT_PAGE = resolve(ROOT, 'bench/appkit-page')
const RUNS = Number(process.env.BENCH_RUNS ?? 10)
const CPU_RATES = [1, 4]
const started = performance.now()
const progress = (text: string) =>
  process.stderr.write(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}\n`)

function build(): void {
  const log = resolve(RESULTS, 'build.log')
  const run = (args: string[]) =>
    execFileSync('npm', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 })
  progress('building the loader, the modal and the secure frame (npm run build)…')
  let output = run(['run', 'build', '--silent'])
  if (!existsSync(resolve(APPKIT_PAGE, 'node_modules'))) {
    progress('installing the AppKit comparison page (first use)…')
    output = Buffer.concat([output, run(['install', '--prefix', APPKIT_PAGE, '--no-audit', '--no-fund'])])
  }
  progress('building the AppKit comparison page…')
  output = Buffer.concat([output, run(['run', 'build', '--prefix', APPKIT_PAGE, '--silent'])])
  void writeFile(log, output)
}

async function main(): Promise<void> {
  await mkdir(RESULTS, { recursive: true })
  const loadStart = loadavg()[0]!
  build()
  const app = (...path: string[]) => resolve(ROOT, 'apps', ...path)
  const sizes = {
    loader: await fileSizes(app('host-loader/dist/appkit.js')),
    modal: await builtPage(app('modal-app/dist'), 'index.html'),
    authFrame: await builtPage(app('auth-frame/dist'), 'index.html'),
    appkit: await builtPage(resolve(APPKIT_PAGE, 'dist'), 'index.html', ['bare.html']),
  }
  const appkitVersion = JSON.parse(
    await readFile(resolve(APPKIT_PAGE, 'node_modules/@reown/appkit/package.json'), 'utf8'),
  ).version as string

  progress('starting the stack on loopback (ports + 10000)…')
  const stack = await startStack(resolve(RESULTS, 'stack.log'))
  try {
    const origins = [...Object.values(stack.sites), stack.appkitOrigin].join(',')
    const browserArgs = [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // *.test are the stack's sites; every other name fails at once, as offline.
      '--host-resolver-rules=MAP *.test 127.0.0.1, EXCLUDE 127.0.0.1, EXCLUDE localhost, MAP * ~NOTFOUND',
      `--unsafely-treat-insecure-origin-as-secure=${origins}`,
    ]
    const button = '[data-testid="connect-button"]'
    const ours: Product = {
      name: 'Modalkit',
      url: `${stack.sites.host}/`,
      bareUrl: `${stack.sites.host}/bare.html`,
      button,
      readyGlobal: 'appkit',
      marker: '[data-testid="view-Connect"]',
    }
    const appkit: Product = {
      name: `AppKit ${appkitVersion}`,
      url: `${stack.appkitOrigin}/`,
      bareUrl: `${stack.appkitOrigin}/bare.html`,
      button,
      marker: 'wui-list-wallet', // a wallet row in its shadow DOM
    }
    const nodeUrl = `http://127.0.0.1:${stack.env.EVM_A_PORT}`
    const cpu: BenchResults['cpu'] = []
    for (const rate of CPU_RATES) {
      const runs = { ours: empty(), appkit: empty() }
      // Interleaved, so a slow minute of a shared machine spreads over every figure alike.
      for (let i = 0; i < RUNS; i++) {
        const jobs: [keyof typeof runs, Product, Scenario][] = [
          ['ours', ours, 'bare'],
          ['ours', ours, 'warm'],
          ['ours', ours, 'cold'],
          ['appkit', appkit, 'bare'],
          ['appkit', appkit, 'warm'],
        ]
        for (const [key, product, scenario] of jobs) {
          progress(`${rate}x CPU, run ${i + 1}/${RUNS}: ${product.name}, ${scenario}`)
          const result = await measureRun({
            product,
            scenario,
            cpuRate: rate,
            browserArgs,
            ...(i === 0 && scenario === 'warm'
              ? { roundTrips: { count: 20, nodeUrl }, scripts: rate === 1 }
              : {}),
          })
          if (scenario === 'cold' && result.framesBeforeClick.length > 0) {
            progress(
              `  warning: a frame existed before the cold click: ${result.framesBeforeClick.join(', ')}`,
            )
          }
          runs[key][scenario].push(result)
        }
      }
      cpu.push({ rate, ...runs })
    }

    progress(`open() to the Account view's balances, connected browser wallet (${RUNS} runs)…`)
    // The e2e suite's switches (its test wallet's page runs as there), on the bench's shifted sites.
    const openToBalances = await measureOpenToBalances({
      url: ours.url,
      browserArgs: chromiumArgs(stack.sites),
      nodeUrl,
      runs: RUNS,
    })

    progress('API proxy and node throughput (3 s each, 8 connections)…')
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })
    const load = (url: string) =>
      loadLoop({ url, body, connections: 8, durationMs: 3_000, maxRequests: 200_000 })
    // The site as the modal names it: the API serves its chain proxy only to a project's allowed origin.
    const query = new URLSearchParams({
      chainId: 'eip155:31337',
      projectId: stack.env.DEMO_PROJECT_ID ?? 'demo',
      siteOrigin: stack.env.DEMO_ORIGIN ?? '',
    })
    const throughput = {
      proxy: await load(`${stack.env.API_INTERNAL_URL}/v1/?${query}`),
      node: await load(nodeUrl),
    }

    progress('API proxy against the node and a bare proxy at concurrency 1, 8, 16 and 64 (3 s each)…')
    const proxyLatency = await measureProxyLatency({
      proxyUrl: `${stack.env.API_INTERNAL_URL}/v1/?${query}`,
      nodeUrl,
      bareProxy: true,
    })

    progress('e-mail login endpoints under load, on PGlite and on PostgreSQL (3 s each, 16 connections)…')
    const logins: LoginLoadRow[] = []
    const loginTarget = (apiUrl: string) =>
      loginLoad({
        apiUrl,
        projectId: stack.env.DEMO_PROJECT_ID ?? 'demo',
        siteOrigin: stack.env.DEMO_ORIGIN ?? '',
        authOrigin: stack.env.AUTH_ORIGIN ?? '',
        connections: 16,
        durationMs: 3_000,
      })
    logins.push({ database: 'PGlite', result: await loginTarget(stack.env.API_INTERNAL_URL ?? '') })
    const postgresApi = await startPostgresApi({
      port: Number(process.env.BENCH_PG_API_PORT ?? 25_190),
      postgresPort: Number(process.env.BENCH_PG_PORT ?? 25_191),
      env: stack.env,
      logFile: resolve(RESULTS, 'postgres-api.log'),
    })
    try {
      logins.push({ database: 'PostgreSQL', result: await loginTarget(postgresApi.url) })
    } finally {
      await postgresApi.stop()
    }

    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()
    const date = new Date().toISOString()
    const results: BenchResults = {
      date,
      commit,
      loadAverage: [loadStart, loadavg()[0]!],
      runs: RUNS,
      appkitVersion,
      sizes,
      cpu,
      throughput,
      openToBalances,
    }
    const title =
      `npm run bench: ${date}, commit ${commit}, ${RUNS} runs per figure, each in a fresh browser profile; ` +
      `load average ${results.loadAverage.map((l) => l.toFixed(1)).join(' → ')}`
    const table = `${printTable(
      { title, ours: 'Modalkit', appkit: `Reown AppKit ${appkitVersion}` },
      tableRows(results),
    )}\n\nAPI chain proxy vs the node (eth_blockNumber, 3 s per cell)\n${proxyLatencyTable(proxyLatency)}\n\nE-mail login endpoints until the rate limits answer (16 connections, 3 s per cell)\n${loginLoadTable(logins)}`
    const file = resolve(RESULTS, `${date.replace(/[:.]/g, '-')}-${commit}.json`)
    await writeFile(file, `${JSON.stringify({ table, ...results, proxyLatency, logins }, null, 2)}\n`)
    console.log(table)
    progress(`written to ${file}`)
  } finally {
    await stack.stop()
  }
}

function empty(): Record<Scenario, RunResult[]> & ProductRuns {
  return { bare: [], warm: [], cold: [] }
}

main().catch((error: unknown) => {
  console.error(
    `npm run bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  process.exit(1)
})
