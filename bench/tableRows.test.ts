import { describe, expect, it } from 'vitest'
import type { RunResult } from './measurePage.ts'
import type { TableRow } from './printTable.ts'
import { type BenchResults, tableRows } from './tableRows.ts'

const run = (over: Partial<RunResult>): RunResult => ({
  clickableMs: null,
  clickToVisibleMs: null,
  clickToOpaqueMs: null,
  longTaskLoadMs: null,
  longTaskAfterClickMs: null,
  heapHostBytes: null,
  heapFrameBytes: null,
  scripts: [],
  framesBeforeClick: [],
  ...over,
})
const file = (name: string, gzip: number) => ({ file: name, raw: gzip * 3, gzip, brotli: gzip - 10 })
const page = { initialJs: [file('index.js', 1000)], initialCss: [], lazyJs: [file('Swap.js', 300)] }
const load = {
  requests: 10,
  errors: 0,
  perSecond: 100,
  latencyMs: { median: 2, min: 1, max: 3, n: 10 },
  p99Ms: 3,
}

const results: BenchResults = {
  date: '2026-01-01T00:00:00.000Z',
  commit: 'abc',
  loadAverage: [1, 1],
  runs: 3,
  appkitVersion: '1.0.0',
  sizes: { loader: file('appkit.js', 5000), modal: page, authFrame: page, appkit: page },
  cpu: [
    {
      rate: 1,
      ours: {
        bare: [run({ clickableMs: 100 }), run({ clickableMs: 102 }), run({ clickableMs: 90 })],
        warm: [
          run({
            clickableMs: 104,
            clickToVisibleMs: 30,
            scripts: [
              { url: 'http://h/a.js', frame: 'host', raw: 1, gzip: 2048, brotli: 1 },
              { url: 'http://m/b.js', frame: 'iframe', raw: 1, gzip: 4096, brotli: 1 },
            ],
          }),
          run({ clickableMs: 106, clickToVisibleMs: 20 }),
          run({ clickableMs: 108, clickToVisibleMs: 24 }),
        ],
        cold: [],
      },
      appkit: { bare: [run({ clickableMs: 100 })], warm: [run({ clickableMs: 400 })], cold: [] },
    },
  ],
  throughput: { proxy: load, node: { ...load, perSecond: 400 } },
}

const row = (rows: TableRow[], label: string) => {
  const found = rows.find((r) => 'label' in r && r.label.trim() === label)
  if (!found || !('label' in found)) throw new Error(`no row ${label}`)
  return found
}

describe('tableRows', () => {
  const rows = tableRows(results)

  it('judges the loader and the bytes before the click against their budgets', () => {
    expect(row(rows, 'loader appkit.js raw / gzip / brotli')).toMatchObject({
      ours: '14.6 KB / 4.9 KB / 4.9 KB',
      ok: false,
    })
    expect(row(rows, 'all JS before the first click')).toMatchObject({ ours: '6.0 KB', ok: true })
    expect(row(rows, 'host main-thread JS').ours).toBe('2.0 KB')
    expect(row(rows, 'iframe JS').ours).toBe('4.0 KB')
  })

  it('compares the clickable median with the bare page and the click with one frame', () => {
    expect(row(rows, 'navigation → connect button clickable')).toMatchObject({
      ours: '106 (104–108) ms',
      appkit: '400 (400–400) ms',
    })
    expect(row(rows, 'difference of medians')).toMatchObject({ ours: '6.0 ms', ok: false, appkit: '300 ms' })
    expect(row(rows, 'click → first view visible, warm iframe')).toMatchObject({
      ours: '24 (20–30) ms',
      ok: true,
    })
    expect(row(rows, 'proxy / node').ours).toBe('25 %')
    expect(row(rows, 'API proxy throughput (eth_blockNumber)').ours).toBe('100 req/s, p50 2.0 ms')
  })
})
