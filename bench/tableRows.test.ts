import { describe, expect, it } from 'vitest'
import type { RunResult } from './measurePage.ts'
import type { TableRow } from './printTable.ts'
import { type BenchResults, type Comparison, tableRows } from './tableRows.ts'

const run = (over: Partial<RunResult>): RunResult => ({
  clickableMs: null,
  buttonShownMs: null,
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

const comparisons: Comparison[] = [
  { id: 'appkit', name: 'Reown AppKit 1.0.0', version: '1.0.0', sizes: page },
  {
    id: 'rainbowkit',
    name: 'RainbowKit 2.0.0',
    version: '2.0.0',
    sizes: { initialJs: [file('index.js', 2048)], initialCss: [file('index.css', 512)], lazyJs: [] },
  },
  {
    id: 'privy',
    name: 'Privy 3.0.0',
    version: '3.0.0',
    sizes: page,
    clickUnavailable: "needs Privy's servers",
  },
]

const results: BenchResults = {
  date: '2026-01-01T00:00:00.000Z',
  commit: 'abc',
  loadAverage: [1, 1],
  runs: 3,
  comparisons,
  sizes: { loader: file('appkit.js', 5000), modal: page, authFrame: page },
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
          run({ clickableMs: 106, buttonShownMs: 106, clickToVisibleMs: 20 }),
          run({ clickableMs: 108, buttonShownMs: 100, clickToVisibleMs: 24 }),
        ],
        cold: [
          run({ clickToVisibleMs: 240 }),
          run({ clickToVisibleMs: 260 }),
          run({ clickToVisibleMs: 300 }),
        ],
        queued: [run({ clickableMs: 99 }), run({ clickableMs: 103 }), run({ clickableMs: 101 })],
      },
      others: {
        appkit: { bare: [run({ clickableMs: 100 })], warm: [run({ clickableMs: 400 })], cold: [] },
        rainbowkit: {
          bare: [run({ clickableMs: 90 }), run({ clickableMs: 110 })],
          warm: [
            run({
              clickableMs: 300,
              buttonShownMs: 290,
              clickToVisibleMs: 60,
              clickToOpaqueMs: 200,
              longTaskAfterClickMs: 0,
              heapHostBytes: 8 * 1024 * 1024,
              scripts: [
                { url: 'http://r/index.js', frame: 'host', raw: 1, gzip: 3072, brotli: 1 },
                { url: 'http://r/wc.js', frame: 'host', raw: 1, gzip: 1024, brotli: 1 },
              ],
            }),
            run({ clickableMs: 320, buttonShownMs: 310, clickToVisibleMs: 80, clickToOpaqueMs: 220 }),
          ],
          cold: [],
        },
        // Offline its button never works: no click, so its click figures are null.
        privy: {
          bare: [run({ clickableMs: 95 })],
          warm: [
            run({
              buttonShownMs: 250,
              longTaskLoadMs: 40,
              heapHostBytes: 12 * 1024 * 1024,
              scripts: [{ url: 'http://p/index.js', frame: 'host', raw: 1, gzip: 10_240, brotli: 1 }],
            }),
          ],
          cold: [],
        },
      },
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
    expect(row(rows, 'navigation → connect button clickable, script tag alone')).toMatchObject({
      ours: '106 (104–108) ms',
      others: { appkit: '400 (400–400) ms' },
    })
    expect(row(rows, 'difference of medians')).toMatchObject({
      ours: '6.0 ms',
      ok: false,
      others: { appkit: '300 ms' },
    })
    // Runs that report their button's paint: ready at it (106) and 8 ms after it (108 − 100).
    expect(row(rows, 'each run: button painted → clickable, script tag alone').ours).toBe('4.0 (0.0–8.0) ms')
    // The click queue's page against the same bare page: 101 - 100.
    expect(row(rows, 'with the click queue (queued.html): button painted, clicks wait').ours).toBe(
      '101 (99–103) ms',
    )
    expect(row(rows, 'its difference of medians')).toMatchObject({
      ours: '1.0 ms',
      budget: '≤ 5 ms',
      ok: true,
    })
    expect(row(rows, 'click → first view visible, warm iframe')).toMatchObject({
      ours: '24 (20–30) ms',
      budget: '≤ 25 ms median',
      ok: true,
    })
    expect(row(rows, 'click → first view visible, cold iframe')).toMatchObject({
      ours: '260 (240–300) ms',
      budget: '≤ 250 ms median',
      ok: false,
    })
    expect(row(rows, 'proxy / node').ours).toBe('25 %')
    expect(row(rows, 'API proxy throughput (eth_blockNumber)').ours).toBe('100 req/s, p50 2.0 ms')
  })

  it('gives open → balances and personal_sign → approval as median (min–max), or — unmeasured', () => {
    const measured = tableRows({ ...results, openToBalances: [80, 70, 90], requestToApproval: [40, 30, 35] })
    expect(row(measured, 'open() → Account balances shown (connected)').ours).toBe('80 (70–90) ms')
    expect(row(measured, 'personal_sign → approval shown in the secure frame').ours).toBe('35 (30–40) ms')
    expect(row(rows, 'personal_sign → approval shown in the secure frame').ours).toBe('—')
  })

  it('holds the throttled click to its own budget, and sets the cold one unthrottled only', () => {
    const throttled = tableRows({ ...results, cpu: [{ ...results.cpu[0]!, rate: 4 }] })
    expect(row(throttled, 'click → first view visible, warm iframe')).toMatchObject({
      budget: '≤ 50 ms median',
      ok: true,
    })
    const cold = row(throttled, 'click → first view visible, cold iframe')
    expect(cold.ours).toBe('260 (240–300) ms')
    expect('budget' in cold ? cold.budget : undefined).toBeUndefined()
  })

  it('gives every comparison its column: bytes before the click, time, memory', () => {
    expect(row(rows, 'all JS before the first click').others).toEqual({
      appkit: '0.0 KB (0 files)',
      rainbowkit: '4.0 KB (2 files)',
      privy: '10.0 KB (1 files)',
    })
    expect(row(rows, 'modal initial JS / CSS').others).toMatchObject({
      rainbowkit: '2.0 KB / 0.5 KB (page entry)',
    })
    expect(row(rows, 'navigation → connect button clickable, script tag alone').others).toMatchObject({
      rainbowkit: '310 (300–320) ms',
    })
    expect(row(rows, 'same page without the modal').others).toMatchObject({ rainbowkit: '100 (90–110) ms' })
    expect(row(rows, 'difference of medians').others).toMatchObject({ rainbowkit: '210 ms' })
    expect(row(rows, 'connect button painted, usable or not').others).toEqual({
      appkit: '—',
      rainbowkit: '300 (290–310) ms',
      privy: '250 (250–250) ms',
    })
    // Each run's own gap (300 − 290, 320 − 310), not a difference of medians; Privy never works here.
    expect(row(rows, 'each run: button painted → clickable, script tag alone').others).toEqual({
      appkit: '—',
      rainbowkit: '10 (10–10) ms',
      privy: "n/a (needs Privy's servers)",
    })
    expect(row(rows, 'click → first view visible, warm iframe').others).toMatchObject({
      rainbowkit: '70 (60–80) ms',
    })
    expect(row(rows, 'click → fully opaque, warm iframe').others).toMatchObject({
      rainbowkit: '210 (200–220) ms',
    })
    expect(row(rows, 'click → first view visible, cold iframe').others).toMatchObject({
      rainbowkit: '— (no iframe)',
    })
    expect(row(rows, 'host page JS heap').others).toMatchObject({ rainbowkit: '8.00 MB' })
  })

  it('shows "n/a (why)" for the click figures of a product whose modal cannot open here, never a number', () => {
    const na = "n/a (needs Privy's servers)"
    for (const label of [
      'navigation → connect button clickable, script tag alone',
      'difference of medians',
      'click → first view visible, warm iframe',
      'click → fully opaque, warm iframe',
      'host long tasks after the click',
    ]) {
      expect(row(rows, label).others?.privy, label).toBe(na)
    }
    // What can be measured without the modal is a figure.
    expect(row(rows, 'same page without the modal').others?.privy).toBe('95 (95–95) ms')
    expect(row(rows, 'host long tasks during load').others?.privy).toBe('40 (40–40) ms')
    expect(row(rows, 'host page JS heap').others?.privy).toBe('12.00 MB (loaded, not opened)')
    // A product that can open but was not measured reads a dash, not "n/a".
    expect(row(rows, 'click → first view visible, warm iframe').others?.appkit).toBe('—')
  })

  it('reads a comparison without runs (an older or partial result) as dashes', () => {
    const partial = tableRows({
      ...results,
      cpu: results.cpu.map((entry) => ({ ...entry, others: { appkit: entry.others.appkit! } })),
    })
    expect(row(partial, 'navigation → connect button clickable, script tag alone').others?.rainbowkit).toBe(
      '—',
    )
    expect(row(partial, 'all JS before the first click').others?.rainbowkit).toBe('0.0 KB (0 files)')
  })
})
