const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** SPEC §9 units, largest first. A month is 30 days and a year 365. */
const UNITS: readonly (readonly [seconds: number, unit: string])[] = [
  [365 * DAY, 'yr'],
  [30 * DAY, 'mo'],
  [DAY, 'd'],
  [HOUR, 'hr'],
  [MINUTE, 'min'],
  [1, 'sec'],
]

/**
 * How long ago `then` was at `now` (both epoch milliseconds), in the largest whole SPEC §9 unit:
 * '5 sec', '3 min', '2 hr', '4 d', '1 mo', '2 yr'. Under a second, in the future or not a finite
 * time: 'now'.
 *
 * @example
 * formatRelativeDate(Date.parse('2026-01-01'), Date.parse('2026-01-05')) // '4 d'
 */
export function formatRelativeDate(then: number, now: number): string {
  const seconds = Math.floor((now - then) / 1000)
  if (!Number.isFinite(seconds)) return 'now'
  for (const [size, unit] of UNITS) if (seconds >= size) return `${Math.floor(seconds / size)} ${unit}`
  return 'now'
}
