import { readdir, readFile, writeFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { type HistoryPoint, historyPoint, mergeHistory } from './history.ts'
import { historyChart } from './historyChart.ts'
import type { BenchResults } from './tableRows.ts'

/**
 * Adds every run in `bench/results/*.json` to `bench/history.json` and draws the chart of the whole
 * history to `docs/bench-history.svg` (docs/benchmarks.md shows it). Returns the number of runs charted.
 */
export async function writeHistory(root: string): Promise<number> {
  const resultsDir = resolve(root, 'bench/results')
  const historyFile = resolve(root, 'bench/history.json')
  const kept = JSON.parse(await readFile(historyFile, 'utf8').catch(() => '[]')) as HistoryPoint[]
  const measured: HistoryPoint[] = []
  for (const name of (await readdir(resultsDir)).filter((file) => file.endsWith('.json'))) {
    measured.push(historyPoint(JSON.parse(await readFile(resolve(resultsDir, name), 'utf8')) as BenchResults))
  }
  const history = mergeHistory(kept, measured)
  await writeFile(historyFile, `${JSON.stringify(history, null, 2)}\n`)
  await writeFile(resolve(root, 'docs/bench-history.svg'), historyChart(history))
  return history.length
}

// `npm run bench:history`: the chart again from the runs on this machine and the kept history.
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(import.meta.dirname, '..')
  writeHistory(root).then(
    (count) => console.log(`bench/history.json and docs/bench-history.svg: ${count} runs`),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
