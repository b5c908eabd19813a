import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { chromiumArgs } from '../e2e/chromiumSwitches.ts'
import { benchBrowserArgs } from './browserArgs.ts'
import { COMPARISON_PAGES } from './comparisonPages.ts'
import { builtPage, fileSizes } from './fileSizes.ts'
import { loadLoop } from './loadLoop.ts'
import { type LoginLoadRow, loginLoadTable } from './loginLoad.ts'
import { measureRun, type Product, type Scenario } from './measurePage.ts'
import { measureOpenToBalances } from './openToBalances.ts'
import { printTable } from './printTable.ts'
import { measureProxyLatency, proxyLatencyTable } from './proxyLatency.ts'
import { measureRequestToApproval } from './requestToApproval.ts'
import { LOGIN_CONNECTIONS, LOGIN_DURATION_MS, measureLogins } from './runLoginLoad.ts'
import { startStack } from './startStack.ts'
import { type BenchResults, type Comparison, type ProductRuns, tableRows } from './tableRows.ts'
import { writeHistory } from './writeHistory.ts'

/**
 * `npm run bench`: builds production bundles (ours and the comparison pages: Reown AppKit, RainbowKit,
 * Privy), starts the stack on shifted loopback ports, measures every product the same way, and prints
 * one table, a column per product (stdout and `bench/results/<date>-<commit>.json`, which keeps every
 * run). It never fails on a budget. Progress goes to stderr.
 */
const ROOT = resolve(import.meta.dirname, '..')
const RESULTS = resolve(ROOT, 'bench/results')
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
  for (const page of COMPARISON_PAGES) {
    if (!existsSync(resolve(page.dir, 'node_modules'))) {
      progress(`installing the ${page.label} comparison page (first use)…`)
      output = Buffer.concat([output, run(['install', '--prefix', page.dir, '--no-audit', '--no-fund'])])
    }
    progress(`building the ${page.label} comparison page…`)
    output = Buffer.concat([output, run(['run', 'build', '--prefix', page.dir, '--silent'])])
  }
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
  }
  const comparisons: Comparison[] = []
  for (const page of COMPARISON_PAGES) {
    const version = JSON.parse(
      await readFile(resolve(page.dir, 'node_modules', page.package, 'package.json'), 'utf8'),
    ).version as string
    comparisons.push({
      id: page.id,
      name: `${page.label} ${version}`,
      version,
      sizes: await builtPage(resolve(page.dir, 'dist'), 'index.html', ['bare.html']),
      ...(page.clickUnavailable ? { clickUnavailable: page.clickUnavailable } : {}),
    })
  }

  progress('starting the stack on loopback (ports + 10000)…')
  const stack = await startStack(resolve(RESULTS, 'stack.log'))
  try {
    const browserArgs = benchBrowserArgs([
      ...Object.values(stack.sites),
      ...Object.values(stack.comparisonOrigins),
    ])
    const button = '[data-testid="connect-button"]'
    // bench.html is bare.html plus the script tag, nothing else: the demo page (index.html) has its
    // own script and many more elements, which made "the same page without the modal" another page.
    const ours: Product = {
      name: 'Modalkit',
      url: `${stack.sites.host}/bench.html`,
      bareUrl: `${stack.sites.host}/bare.html`,
      queuedUrl: `${stack.sites.host}/queued.html`,
      button,
      readyGlobal: 'appkit',
      marker: '[data-testid="view-Connect"]',
    }
    const others = COMPARISON_PAGES.map((page, index): [string, Product] => {
      const origin = stack.comparisonOrigins[page.id]
      return [
        page.id,
        {
          name: comparisons[index]!.name,
          url: `${origin}/`,
          bareUrl: `${origin}/bare.html`,
          button: page.button,
          marker: page.marker,
          ...(page.readySelector ? { readySelector: page.readySelector } : {}),
          ...(page.clickUnavailable ? { clickUnavailable: page.clickUnavailable } : {}),
        },
      ]
    })
    const nodeUrl = `http://127.0.0.1:${stack.env.EVM_A_PORT}`
    const cpu: BenchResults['cpu'] = []
    for (const rate of CPU_RATES) {
      const runs: { ours: ProductRuns; others: Record<string, ProductRuns> } = {
        ours: empty(),
        others: Object.fromEntries(others.map(([id]) => [id, empty()])),
      }
      // Interleaved, so a slow minute of a shared machine spreads over every figure alike.
      for (let i = 0; i < RUNS; i++) {
        const jobs: [ProductRuns, Product, Scenario][] = [
          [runs.ours, ours, 'bare'],
          [runs.ours, ours, 'warm'],
          [runs.ours, ours, 'cold'],
          [runs.ours, ours, 'queued'],
          ...others.flatMap(([id, product]): [ProductRuns, Product, Scenario][] => [
            [runs.others[id]!, product, 'bare'],
            [runs.others[id]!, product, 'warm'],
          ]),
        ]
        for (const [target, product, scenario] of jobs) {
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
          if (i === 0 && scenario === 'warm' && result.clickableMs === null && product.clickUnavailable) {
            progress(
              `  its button never became usable (${product.clickUnavailable}): measured without a click`,
            )
          }
          target[scenario] = [...(target[scenario] ?? []), result]
        }
      }
      cpu.push({ rate, ...runs })
    }

    progress(`open() to the Account view's balances, connected browser wallet (${RUNS} runs)…`)
    // The e2e suite's switches (its test wallet's page runs as there), on the bench's shifted sites.
    const openToBalances = await measureOpenToBalances({
      url: `${stack.sites.host}/`,
      browserArgs: chromiumArgs(stack.sites),
      nodeUrl,
      runs: RUNS,
    })

    progress(`personal_sign to the secure frame's approval, embedded wallet (${RUNS} runs)…`)
    const requestToApproval = await measureRequestToApproval({
      url: `${stack.sites.host}/`,
      browserArgs: chromiumArgs(stack.sites),
      maildevWebPort: stack.env.MAILDEV_WEB_PORT ?? '',
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

    progress('e-mail login endpoints under load, on PGlite and on PostgreSQL (their own APIs and catchers)…')
    // Each database gets an API of its own whose per-client limit is lifted for the load's one
    // client (bench/loginApi.ts), so the figure is the endpoint's, not the limiter's.
    const logins: LoginLoadRow[] = []
    for (const database of ['PGlite', 'PostgreSQL'] as const)
      logins.push(await measureLogins(database, resolve(RESULTS, `login-${database}.log`)))

    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()
    const date = new Date().toISOString()
    const results: BenchResults = {
      date,
      commit,
      loadAverage: [loadStart, loadavg()[0]!],
      runs: RUNS,
      comparisons,
      sizes,
      cpu,
      throughput,
      openToBalances,
      requestToApproval,
    }
    const title =
      `npm run bench: ${date}, commit ${commit}, ${RUNS} runs per figure, each in a fresh browser profile; ` +
      `load average ${results.loadAverage.map((l) => l.toFixed(1)).join(' → ')}`
    const table = `${printTable(
      { title, ours: 'Modalkit', others: comparisons.map(({ id, name }) => ({ id, name })) },
      tableRows(results),
    )}\n\nAPI chain proxy vs the node (eth_blockNumber, 3 s per cell)\n${proxyLatencyTable(proxyLatency)}\n\nE-mail login endpoints (${LOGIN_CONNECTIONS} connections, ${LOGIN_DURATION_MS / 1000} s per cell; every mail counted in the catcher)\n${loginLoadTable(logins)}`
    const file = resolve(RESULTS, `${date.replace(/[:.]/g, '-')}-${commit}.json`)
    await writeFile(file, `${JSON.stringify({ table, ...results, proxyLatency, logins }, null, 2)}\n`)
    console.log(table)
    progress(`written to ${file}`)
    progress(`history of ${await writeHistory(ROOT)} runs: bench/history.json, docs/bench-history.svg`)
  } finally {
    await stack.stop()
  }
}

function empty(): ProductRuns {
  return { bare: [], warm: [], cold: [], queued: [] }
}

main().catch((error: unknown) => {
  console.error(
    `npm run bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  )
  process.exit(1)
})
