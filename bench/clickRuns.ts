import { resolve } from 'node:path'
import { benchBrowserArgs } from './browserArgs.ts'
import { measureRun, type Product, type Scenario } from './measurePage.ts'
import { startStack } from './startStack.ts'

/**
 * A quick look at the click figures alone, for work on them between full `npm run bench` runs:
 * `npx tsx bench/clickRuns.ts` with `SCENARIOS=bare,warm,cold,queued` (default warm), `CPU=4` (default 1),
 * `RUNS=9`, `PAGE=bench.html` (the page on the demo site; default bench.html) and `TRACE=file.json`
 * (a Chrome trace of one more click per scenario, every process, not counted in the figures: open it
 * in DevTools' Performance panel or chrome://tracing; the file name gets the scenario before its
 * extension). It starts the stack
 * as the bench does (production builds must exist: `npm run build`) and prints, per scenario, the
 * median and every run of click → visible, click → opaque, navigation → clickable and navigation →
 * button painted, in ms.
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]
const row = (label: string, values: (number | null)[]) => {
  const ms = values.map((v) => (v === null ? -1 : Math.round(v)))
  return `${label} ${median(ms)} (${ms.join(' ')})`
}

const stack = await startStack(resolve(import.meta.dirname, 'results/stack.log'))
try {
  const browserArgs = benchBrowserArgs(Object.values(stack.sites))
  const ours: Product = {
    name: 'Modalkit',
    url: `${stack.sites.host}/${process.env.PAGE ?? 'bench.html'}`,
    bareUrl: `${stack.sites.host}/bare.html`,
    queuedUrl: `${stack.sites.host}/queued.html`,
    button: '[data-testid="connect-button"]',
    readyGlobal: 'appkit',
    marker: '[data-testid="view-Connect"]',
  }
  const runs = Number(process.env.RUNS ?? 9)
  const cpuRate = Number(process.env.CPU ?? 1)
  for (const scenario of (process.env.SCENARIOS ?? 'warm').split(',') as Scenario[]) {
    const results = []
    const trace = process.env.TRACE
    if (trace) {
      // One more run, traced: tracing slows it, so its figures are left out of the printed ones.
      const tracePath = trace.replace(/(\.json)?$/, `.${scenario}.json`)
      await measureRun({ product: ours, scenario, cpuRate, browserArgs, tracePath })
    }
    for (let i = 0; i < runs; i++)
      results.push(await measureRun({ product: ours, scenario, cpuRate, browserArgs }))
    console.log(
      `${scenario}, ${cpuRate}x CPU:`,
      row(
        'click → visible',
        results.map((r) => r.clickToVisibleMs),
      ),
      '|',
      row(
        'click → opaque',
        results.map((r) => r.clickToOpaqueMs),
      ),
      '|',
      row(
        'clickable',
        results.map((r) => r.clickableMs),
      ),
      '|',
      row(
        'button painted',
        results.map((r) => r.buttonShownMs ?? null),
      ),
    )
  }
} finally {
  await stack.stop()
}
