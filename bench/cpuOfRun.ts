import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumArgs } from '../e2e/chromiumSwitches.ts'
import { SITES, STACK_ENV } from '../e2e/sites.ts'
import { processKind } from './processKind.ts'

/**
 * CPU-seconds (utime + stime from /proc) of one e2e run's processes, summed by kind (processKind):
 * a shared machine's wall time is noise, its CPU-seconds are not. Every process under the one this
 * starts is sampled twice a second (a process that lives less than that is missed in part).
 *
 *   tsx bench/cpuOfRun.ts -- npx playwright test e2e/modal.spec.ts --retries 0 --workers 1
 *   tsx bench/cpuOfRun.ts --idle 60
 *
 * `--idle N` starts the stack alone (scripts/start.ts --no-build, as playwright.config.ts does) and
 * measures N seconds of it up with nothing running, then N seconds with Chromium on the demo page, then
 * N with the modal open on it. E2E_PORT_OFFSET moves the stack's ports, as for the suite.
 */
const ROOT = resolve(import.meta.dirname, '..')
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim())

type Sample = Map<number, { kind: string; ticks: number }>

function readStat(pid: number): { ppid: number; ticks: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command's closing parenthesis: state ppid … utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return undefined
  }
}

/** Every process under `root` (itself included), with its kind and CPU ticks so far. */
function sampleTree(root: number): Sample {
  const stats = new Map<number, { ppid: number; ticks: number }>()
  for (const name of readdirSync('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    const stat = readStat(pid)
    if (stat) stats.set(pid, stat)
  }
  const inTree = new Set([root])
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, { ppid }] of stats)
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid)
        grew = true
      }
  }
  const sample: Sample = new Map()
  for (const pid of inTree) {
    let cmdline = ''
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
    } catch {}
    const stat = stats.get(pid)
    if (stat && cmdline) sample.set(pid, { kind: processKind(cmdline), ticks: stat.ticks })
  }
  return sample
}

/** Samples `root`'s tree until `done` settles; returns each process's last kind and ticks. */
async function track(root: number, done: Promise<unknown>): Promise<Sample> {
  const seen: Sample = new Map()
  let finished = false
  void done.finally(() => {
    finished = true
  })
  while (!finished) {
    for (const [pid, entry] of sampleTree(root)) seen.set(pid, entry)
    await new Promise((r) => setTimeout(r, 500))
  }
  return seen
}

function byKind(after: Sample, before: Sample = new Map()): Map<string, number> {
  const sums = new Map<string, number>()
  for (const [pid, { kind, ticks }] of after) {
    const spent = ticks - (before.get(pid)?.ticks ?? 0)
    sums.set(kind, (sums.get(kind) ?? 0) + spent / TICK)
  }
  return sums
}

function print(title: string, sums: Map<string, number>): void {
  const rows = [...sums].sort((a, b) => b[1] - a[1])
  const total = rows.reduce((sum, [, seconds]) => sum + seconds, 0)
  console.log(`\n${title}: ${total.toFixed(1)} CPU-s`)
  for (const [kind, seconds] of rows)
    console.log(
      `  ${kind.padEnd(34)} ${seconds.toFixed(1).padStart(8)}  ${((100 * seconds) / total).toFixed(0)}%`,
    )
}

const exited = (child: ChildProcess) => new Promise((r) => child.once('exit', r))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function measureRun(command: string[]): Promise<void> {
  const started = Date.now()
  const child = spawn(command[0]!, command.slice(1), { cwd: ROOT, stdio: 'inherit' })
  const seen = await track(child.pid!, exited(child))
  print(`${command.join(' ')} (${((Date.now() - started) / 1000).toFixed(0)} s on the clock)`, byKind(seen))
}

async function measureIdle(seconds: number): Promise<void> {
  const stack = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['scripts/start.ts', '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, ...STACK_ENV },
    stdio: 'ignore',
    detached: true,
  })
  const demo = `http://127.0.0.1:${new URL(SITES.host).port}/bare.html`
  for (let i = 0; ; i++) {
    if (
      await fetch(demo).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 300) throw new Error('the stack did not start')
    await sleep(1000)
  }
  await sleep(10_000)
  const phase = async (title: string, only?: (kind: string) => boolean) => {
    const before = sampleTree(process.pid)
    await sleep(seconds * 1000)
    const sums = byKind(sampleTree(process.pid), before)
    for (const kind of sums.keys()) if (only && !only(kind)) sums.delete(kind)
    print(`${title}, ${seconds} s`, sums)
  }
  const chromiumOnly = (kind: string) => kind.startsWith('Chromium')
  try {
    await phase('the stack up, idle')
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs(SITES) })
    const page = await browser.newPage({ baseURL: SITES.host })
    await page.goto('/')
    await page.locator('[data-testid="connect-button"]').waitFor()
    await sleep(5000)
    await phase('Chromium on the demo page, modal closed', chromiumOnly)
    await page.getByTestId('connect-button').click()
    await page.frameLocator('iframe[data-appkit-frame]').getByTestId('view-Connect').waitFor()
    await sleep(5000)
    await phase('Chromium on the demo page, modal open on Connect', chromiumOnly)
    await browser.close()
  } finally {
    process.kill(-stack.pid!, 'SIGTERM')
  }
}

const idle = process.argv.indexOf('--idle')
if (idle > 0) await measureIdle(Number(process.argv[idle + 1] ?? 60))
else await measureRun(process.argv.slice(process.argv.indexOf('--') + 1))
