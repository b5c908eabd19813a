import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { SITES, STACK_ENV } from '../e2e/sites.ts'
import { assertPortFree } from '../scripts/processes.ts'
import { COMPARISON_PAGES, type ComparisonPage, pageOrigin, pagePort } from './comparisonPages.ts'
import { shiftPorts } from './shiftPorts.ts'

const ROOT = resolve(import.meta.dirname, '..')
const TSX = resolve(ROOT, 'node_modules/.bin/tsx')
/** The bench runs the e2e suite's stack 10000 ports higher, so neither collides with the other. */
export const PORT_SHIFT = 10_000

export type BenchStack = {
  env: Record<string, string>
  sites: Record<keyof typeof SITES, string>
  /** Each comparison page's origin (`bench/<id>-page/dist`). */
  comparisonOrigins: Record<ComparisonPage['id'], string>
  stop(): Promise<void>
}

/**
 * Starts the whole stack (`scripts/start.ts --no-build`, env from the e2e suite's with every port
 * shifted) and a server per comparison page (`BENCH_APPKIT_PORT` 25180, `BENCH_RAINBOWKIT_PORT`
 * 25181, `BENCH_PRIVY_PORT` 25182 unless set), all as children whose output goes to `logFile`;
 * resolves once all answer.
 */
export async function startStack(logFile: string): Promise<BenchStack> {
  const env = shiftPorts(STACK_ENV, PORT_SHIFT)
  const sites = shiftPorts(SITES, PORT_SHIFT) as Record<keyof typeof SITES, string>
  const pagePorts = COMPARISON_PAGES.map(pagePort)
  // A taken port would let another server answer the readiness check below: refuse it first.
  const ports = new Set(
    Object.values(env).flatMap((value) =>
      /^\d+$/.test(value)
        ? [Number(value)]
        : [...value.matchAll(/\/\/[^/\s,:@]+:(\d+)/g)].map((m) => Number(m[1])),
    ),
  )
  for (const port of [...ports, ...pagePorts]) await assertPortFree('127.0.0.1', port, 'bench stack')
  const log = createWriteStream(logFile)
  const start = (args: string[]): ChildProcess => {
    const child = spawn(TSX, args, {
      cwd: ROOT,
      // The proxy's load tests come from one address: its per-minute quotas would answer 429 at once.
      env: {
        ...process.env,
        ...env,
        RPC_QUOTA_PER_CLIENT: '1000000000',
        RPC_QUOTA_PER_PROJECT: '1000000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.pipe(log, { end: false })
    child.stderr?.pipe(log, { end: false })
    return child
  }
  const children = [
    start(['scripts/start.ts', '--no-build']),
    ...COMPARISON_PAGES.map((page) =>
      start(['bench/serveComparisonPage.ts', page.id, String(pagePort(page))]),
    ),
  ]

  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      }),
    )
    log.end()
  }

  const ready = [
    `http://127.0.0.1:${new URL(sites.host).port}/bare.html`,
    ...pagePorts.map((port) => `http://127.0.0.1:${port}/bare.html`),
  ]
  try {
    const deadline = Date.now() + 90_000
    for (const url of ready) {
      for (;;) {
        const dead = children.find((child) => child.exitCode !== null)
        if (dead) throw new Error(`a bench server stopped (exit ${dead.exitCode}); see ${logFile}`)
        if (
          await fetch(url).then(
            (r) => r.ok,
            () => false,
          )
        )
          break
        if (Date.now() > deadline) throw new Error(`${url} did not answer within 90 s; see ${logFile}`)
        await new Promise((r) => setTimeout(r, 200))
      }
    }
    const dead = children.find((child) => child.exitCode !== null)
    if (dead) throw new Error(`a bench server stopped (exit ${dead.exitCode}); see ${logFile}`)
  } catch (error) {
    await stop()
    throw error
  }
  const comparisonOrigins = Object.fromEntries(
    COMPARISON_PAGES.map((page) => [page.id, pageOrigin(page)]),
  ) as BenchStack['comparisonOrigins']
  return { env, sites, comparisonOrigins, stop }
}
