import { addSizes } from './fileSizes.ts'
import type { RunResult } from './measurePage.ts'
import { summarize } from './summarize.ts'
import type { BenchResults } from './tableRows.ts'

/**
 * One `npm run bench` run's headline figures (Modalkit's medians), kept in `bench/history.json`
 * across commits: the full results in `bench/results/*.json` are too large to commit (about 200 KB a
 * run) and stay on the machine that measured them.
 */
export type HistoryPoint = {
  commit: string
  date: string
  runs: number
  /** All JS before the first click, iframes included, gzip KB. */
  beforeClickKb: number
  loaderKb: number
  /** Navigation → connect button clickable, minus the same page without the loader (ms). */
  clickableOverMs: number | null
  /** The same with the click queue's line before the script tag (queued.html); absent before it. */
  clickableQueuedOverMs?: number | null
  /** Click → first view visible with a warm iframe, unthrottled and under 4x CPU throttling (ms). */
  warmClickMs: number | null
  warmClick4xMs: number | null
  /** Click → first view visible when the iframe loads on the click (ms). */
  coldClickMs: number | null
}

const median = (runs: readonly RunResult[] | undefined, key: 'clickableMs' | 'clickToVisibleMs') =>
  summarize((runs ?? []).map((run) => run[key]))?.median ?? null

/** The headline figures of one run's results, computed as the table computes them. */
export function historyPoint(results: BenchResults): HistoryPoint {
  const first = results.cpu.find((entry) => entry.rate === 1) ?? results.cpu[0]
  const throttled = results.cpu.find((entry) => entry.rate === 4)
  const clickable = median(first?.ours.warm, 'clickableMs')
  const bare = median(first?.ours.bare, 'clickableMs')
  const queued = median(first?.ours.queued, 'clickableMs')
  return {
    commit: results.commit,
    date: results.date,
    runs: results.runs,
    beforeClickKb: addSizes(first?.ours.warm[0]?.scripts ?? []).gzip / 1024,
    loaderKb: results.sizes.loader.gzip / 1024,
    clickableOverMs: clickable !== null && bare !== null ? clickable - bare : null,
    clickableQueuedOverMs: queued !== null && bare !== null ? queued - bare : null,
    warmClickMs: median(first?.ours.warm, 'clickToVisibleMs'),
    warmClick4xMs: median(throttled?.ours.warm, 'clickToVisibleMs'),
    coldClickMs: median(first?.ours.cold, 'clickToVisibleMs'),
  }
}

/** The points of both sources, one per run (its date), oldest first. */
export function mergeHistory(
  kept: readonly HistoryPoint[],
  measured: readonly HistoryPoint[],
): HistoryPoint[] {
  const byDate = new Map<string, HistoryPoint>()
  for (const point of [...kept, ...measured]) byDate.set(point.date, point)
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date))
}
