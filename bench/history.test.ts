import { expect, it } from 'vitest'
import { type HistoryPoint, historyPoint, mergeHistory } from './history.ts'
import { historyChart } from './historyChart.ts'
import type { RunResult } from './measurePage.ts'
import type { BenchResults } from './tableRows.ts'

const run = (figures: Partial<RunResult>): RunResult => ({ scripts: [], ...figures }) as unknown as RunResult
const script = (gzip: number) => ({ file: 'x.js', frame: 'host', raw: gzip * 3, gzip, brotli: gzip }) as const

const results = {
  date: '2026-11-27T13:14:43.443Z',
  commit: 'b0f3d59',
  runs: 3,
  sizes: { loader: { file: 'appkit.js', raw: 12_747, gzip: 5_120, brotli: 4_511 } },
  cpu: [
    {
      rate: 1,
      ours: {
        bare: [run({ clickableMs: 40 }), run({ clickableMs: 50 }), run({ clickableMs: 60 })],
        warm: [
          run({ clickableMs: 65, clickToVisibleMs: 13, scripts: [script(102_400), script(10_240)] } as never),
          run({ clickableMs: 70, clickToVisibleMs: 11 }),
          run({ clickableMs: 75, clickToVisibleMs: 20 }),
        ],
        cold: [run({ clickToVisibleMs: 476 }), run({ clickToVisibleMs: 438 })],
        queued: [run({ clickableMs: 51 }), run({ clickableMs: 52 }), run({ clickableMs: 53 })],
      },
      others: {},
    },
    { rate: 4, ours: { bare: [], warm: [run({ clickToVisibleMs: 53 })], cold: [] }, others: {} },
  ],
} as unknown as BenchResults

it("takes a run's headline medians as the table does", () => {
  expect(historyPoint(results)).toEqual({
    commit: 'b0f3d59',
    date: '2026-11-27T13:14:43.443Z',
    runs: 3,
    beforeClickKb: 110,
    loaderKb: 5,
    clickableOverMs: 20,
    clickableQueuedOverMs: 2,
    warmClickMs: 13,
    warmClick4xMs: 53,
    coldClickMs: 457,
  })
})

it('keeps one point per run, oldest first, a run measured again replacing the kept one', () => {
  const point = historyPoint(results)
  const older = { ...point, commit: 'd6e129a', date: '2026-11-27T09:08:25.445Z', warmClickMs: 52 }
  const merged = mergeHistory([point, older], [{ ...point, coldClickMs: 400 }])
  expect(merged.map((p) => [p.commit, p.coldClickMs])).toEqual([
    ['d6e129a', 457],
    ['b0f3d59', 400],
  ])
})

it('draws a panel per budgeted figure, a line per series over the commits, and the budgets dashed', () => {
  const point = historyPoint(results)
  const history: HistoryPoint[] = [
    { ...point, commit: 'd6e129a', date: '2026-11-27T09:08:25.445Z', warmClickMs: 52, warmClick4xMs: null },
    point,
  ]
  const svg = historyChart(history)
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
  expect(svg).toContain('<title>')
  expect(svg).not.toMatch(/<script|href=/)
  // Before click, loader, clickable, clickable with the click queue, warm 1x (4x has a single point:
  // no line), cold.
  expect(svg.match(/<polyline /g)).toHaveLength(6)
  expect(svg.match(/stroke-dasharray/g)).toHaveLength(6)
  expect(svg).toContain('>d6e129a</text>')
  expect(svg).toContain('13 ms (budget 25)')
  expect(svg).toContain('Click → first view visible, cold iframe (ms)')
})
