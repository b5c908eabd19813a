export type Summary = { median: number; min: number; max: number; n: number }

/** Median and range of a run's figures; `undefined` when no run produced one. */
export function summarize(values: readonly (number | null | undefined)[]): Summary | undefined {
  const sorted = values
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    .sort((a, b) => a - b)
  const n = sorted.length
  if (n === 0) return undefined
  const mid = Math.floor(n / 2)
  const median = n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
  return { median, min: sorted[0]!, max: sorted[n - 1]!, n }
}
