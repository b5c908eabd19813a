const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** SPEC §9's units of a relative date. */
export type RelativeDateUnit = 'yr' | 'mo' | 'd' | 'hr' | 'min' | 'sec'

/** SPEC §9 units, largest first. A month is 30 days and a year 365. */
const UNITS: readonly (readonly [seconds: number, unit: RelativeDateUnit])[] = [
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
  const ago = relativeDateUnit(then, now)
  return ago ? `${ago.count} ${ago.unit}` : 'now'
}

/**
 * The choice behind `formatRelativeDate`, for callers that word the units themselves (the modal's
 * translated Activity tab): the largest whole unit and its count, or undefined where it says 'now'.
 *
 * @example
 * relativeDateUnit(Date.parse('2026-01-01'), Date.parse('2026-01-05')) // { count: 4, unit: 'd' }
 */
export function relativeDateUnit(
  then: number,
  now: number,
): { count: number; unit: RelativeDateUnit } | undefined {
  const seconds = Math.floor((now - then) / 1000)
  if (!Number.isFinite(seconds)) return undefined
  for (const [size, unit] of UNITS) if (seconds >= size) return { count: Math.floor(seconds / size), unit }
  return undefined
}
