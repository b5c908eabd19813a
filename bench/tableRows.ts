import { addSizes, type BuiltPage, type FileSizes, type Sizes } from './fileSizes.ts'
import type { LoadLoopReturnType } from './loadLoop.ts'
import type { RunResult } from './measurePage.ts'
import type { TableRow } from './printTable.ts'
import { type Summary, summarize } from './summarize.ts'

export type ProductRuns = { bare: RunResult[]; warm: RunResult[]; cold: RunResult[] }
export type BenchResults = {
  date: string
  commit: string
  /** 1-minute load average at the start and the end: a busy machine slows every figure. */
  loadAverage: [number, number]
  runs: number
  appkitVersion: string
  sizes: { loader: FileSizes; modal: BuiltPage; authFrame: BuiltPage; appkit: BuiltPage }
  cpu: { rate: number; ours: ProductRuns; appkit: ProductRuns }[]
  throughput: { proxy: LoadLoopReturnType; node: LoadLoopReturnType }
  /** open() to the Account view's token balances painted, connected browser wallet (ms per run). */
  openToBalances?: number[]
}

/** SPEC-derived budgets (issue 5). */
export const BUDGET = {
  loaderGzip: 4 * 1024,
  beforeClickGzip: 150 * 1024,
  clickableOverBareMs: 5,
  clickToVisibleMs: 25,
  animationMs: 150,
} as const

const n = (v: number) => (Math.abs(v) < 10 ? v.toFixed(1) : String(Math.round(v)))
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const mb = (s: Summary | undefined) => (s ? `${(s.median / 1024 / 1024).toFixed(2)} MB` : '—')
const ms = (s: Summary | undefined) => (s ? `${n(s.median)} (${n(s.min)}–${n(s.max)}) ms` : '—')
const triple = (s: Sizes) => `${kb(s.raw)} / ${kb(s.gzip)} / ${kb(s.brotli)}`
const gzip = (files: readonly Sizes[]) => kb(addSizes(files).gzip)
const pick = (runs: RunResult[], key: keyof RunResult) =>
  summarize(runs.map((run) => run[key] as number | null | undefined))
const throughputText = (load: LoadLoopReturnType) =>
  `${Math.round(load.perSecond)} req/s, p50 ${load.latencyMs ? n(load.latencyMs.median) : '—'} ms`
const delta = (a: Summary | undefined, b: Summary | undefined) => (a && b ? a.median - b.median : undefined)
const flat = (runs: RunResult[], key: 'chainId' | 'blockNumber' | 'blockNumberDirect') =>
  summarize(runs.flatMap((run) => run.roundTrips?.[key] ?? []))

/** The results as the table's rows: bytes, time per CPU setting, round trips, memory. */
export function tableRows(results: BenchResults): TableRow[] {
  const { sizes } = results
  const first = results.cpu[0]!
  const before = (run: RunResult | undefined, frame?: 'host' | 'iframe') =>
    (run?.scripts ?? []).filter((s) => frame === undefined || s.frame === frame)
  const oursBefore = before(first.ours.warm[0])
  const appkitBefore = before(first.appkit.warm[0])
  const rows: TableRow[] = [
    { section: 'Bytes (gzip 9 unless said; served uncompressed, compressed here)' },
    {
      label: 'loader appkit.js raw / gzip / brotli',
      ours: triple(sizes.loader),
      budget: '≤ 4 KB gzip',
      ok: sizes.loader.gzip <= BUDGET.loaderGzip,
      appkit: 'none (bundled in the page)',
    },
    {
      label: 'all JS before the first click',
      ours: gzip(oursBefore),
      budget: '≤ 150 KB',
      ok: addSizes(oursBefore).gzip <= BUDGET.beforeClickGzip,
      appkit: `${gzip(appkitBefore)} (${appkitBefore.length} files)`,
    },
    {
      label: '  host main-thread JS',
      ours: gzip(before(first.ours.warm[0], 'host')),
      appkit: gzip(before(first.appkit.warm[0], 'host')),
    },
    {
      label: '  iframe JS',
      ours: gzip(before(first.ours.warm[0], 'iframe')),
      appkit: gzip(before(first.appkit.warm[0], 'iframe')),
    },
    {
      label: 'modal initial JS / CSS',
      ours: `${gzip(sizes.modal.initialJs)} / ${gzip(sizes.modal.initialCss)}`,
      appkit: `${gzip(sizes.appkit.initialJs)} / ${gzip(sizes.appkit.initialCss)} (page entry)`,
    },
    ...sizes.modal.lazyJs.map((chunk): TableRow => ({ label: `  lazy ${chunk.file}`, ours: kb(chunk.gzip) })),
    {
      label: '  lazy chunks, all',
      ours: `${gzip(sizes.modal.lazyJs)} (${sizes.modal.lazyJs.length} files)`,
      appkit: `${gzip(sizes.appkit.lazyJs)} (${sizes.appkit.lazyJs.length} files)`,
    },
    { label: 'secure frame initial JS', ours: gzip(sizes.authFrame.initialJs), appkit: '—' },
  ]

  for (const { rate, ours, appkit } of results.cpu) {
    const clickable = { ours: pick(ours.warm, 'clickableMs'), appkit: pick(appkit.warm, 'clickableMs') }
    const bare = { ours: pick(ours.bare, 'clickableMs'), appkit: pick(appkit.bare, 'clickableMs') }
    const over = { ours: delta(clickable.ours, bare.ours), appkit: delta(clickable.appkit, bare.appkit) }
    const visible = pick(ours.warm, 'clickToVisibleMs')
    rows.push(
      {
        section: `Time, ${rate === 1 ? 'no CPU throttling' : `${rate}x CPU throttling`}: median (min–max) of ${results.runs} runs`,
      },
      {
        label: 'navigation → connect button clickable',
        ours: ms(clickable.ours),
        appkit: ms(clickable.appkit),
      },
      { label: '  same page without the modal', ours: ms(bare.ours), appkit: ms(bare.appkit) },
      {
        label: '  difference of medians',
        ours: over.ours === undefined ? '—' : `${n(over.ours)} ms`,
        budget: '≤ 5 ms',
        ...(over.ours === undefined ? {} : { ok: over.ours <= BUDGET.clickableOverBareMs }),
        appkit: over.appkit === undefined ? '—' : `${n(over.appkit)} ms`,
      },
      {
        label: 'click → first view visible, warm iframe',
        ours: ms(visible),
        budget: '≤ 25 ms median',
        ...(visible ? { ok: visible.median <= BUDGET.clickToVisibleMs } : {}),
        appkit: ms(pick(appkit.warm, 'clickToVisibleMs')),
      },
      {
        label: 'click → fully opaque, warm iframe',
        ours: ms(pick(ours.warm, 'clickToOpaqueMs')),
        budget: '≥ 150 ms (animation)',
        appkit: ms(pick(appkit.warm, 'clickToOpaqueMs')),
      },
      {
        label: 'click → first view visible, cold iframe',
        ours: ms(pick(ours.cold, 'clickToVisibleMs')),
        appkit: '— (no iframe)',
      },
      {
        label: 'click → fully opaque, cold iframe',
        ours: ms(pick(ours.cold, 'clickToOpaqueMs')),
        appkit: '— (no iframe)',
      },
      {
        label: 'host long tasks during load',
        ours: ms(pick(ours.warm, 'longTaskLoadMs')),
        appkit: ms(pick(appkit.warm, 'longTaskLoadMs')),
      },
      {
        label: 'host long tasks after the click',
        ours: ms(pick(ours.warm, 'longTaskAfterClickMs')),
        appkit: ms(pick(appkit.warm, 'longTaskAfterClickMs')),
      },
    )
  }

  const blockVia = flat(first.ours.warm, 'blockNumber')
  const blockDirect = flat(first.ours.warm, 'blockNumberDirect')
  const { proxy, node } = results.throughput
  rows.push(
    { section: 'Round trips from the host page (no throttling)' },
    {
      label: 'eth_chainId from the host provider',
      ours: ms(flat(first.ours.warm, 'chainId')),
      appkit: ms(flat(first.appkit.warm, 'chainId')),
    },
    {
      label: 'eth_blockNumber via modal + API proxy',
      ours: ms(blockVia),
      appkit: ms(flat(first.appkit.warm, 'blockNumber')),
    },
    { label: 'eth_blockNumber straight to the node', ours: ms(blockDirect) },
    {
      label: '  ratio of medians',
      ours: blockVia && blockDirect ? `${(blockVia.median / blockDirect.median).toFixed(1)}x` : '—',
    },
    {
      label: 'API proxy throughput (eth_blockNumber)',
      ours: `${throughputText(proxy)}${proxy.errors ? `, ${proxy.errors} errors` : ''}`,
    },
    {
      label: '  the node directly',
      ours: throughputText(node),
    },
    {
      label: '  proxy / node',
      ours: node.perSecond ? `${((proxy.perSecond / node.perSecond) * 100).toFixed(0)} %` : '—',
    },
    {
      label: 'open() → Account balances shown (connected)',
      ours: ms(summarize(results.openToBalances ?? [])),
    },
    { section: 'Memory after open, forced GC (median)' },
    {
      label: 'host page JS heap',
      ours: mb(pick(first.ours.warm, 'heapHostBytes')),
      appkit: mb(pick(first.appkit.warm, 'heapHostBytes')),
    },
    {
      label: 'modal iframe JS heap',
      ours: mb(pick(first.ours.warm, 'heapFrameBytes')),
      appkit: mb(pick(first.appkit.warm, 'heapFrameBytes')),
    },
  )
  return rows
}
