import { expect, it } from 'vitest'
import { formatRelativeDate, relativeDateUnit } from './formatRelativeDate.ts'

const now = Date.UTC(2026, 10, 23, 12)
const SECOND = 1_000
const DAY = 86_400 * SECOND

it('uses the largest whole unit of sec, min, hr, d, mo, yr', () => {
  expect(formatRelativeDate(now - 5 * SECOND, now)).toBe('5 sec')
  expect(formatRelativeDate(now - 3 * 60 * SECOND, now)).toBe('3 min')
  expect(formatRelativeDate(now - 2 * 3_600 * SECOND, now)).toBe('2 hr')
  expect(formatRelativeDate(now - 4 * DAY, now)).toBe('4 d')
  expect(formatRelativeDate(now - 40 * DAY, now)).toBe('1 mo')
  expect(formatRelativeDate(now - 800 * DAY, now)).toBe('2 yr')
})

it('rounds down and switches unit at each boundary', () => {
  expect(formatRelativeDate(now - 59_999, now)).toBe('59 sec')
  expect(formatRelativeDate(now - 60 * SECOND, now)).toBe('1 min')
  expect(formatRelativeDate(now - (3_600 * SECOND - 1), now)).toBe('59 min')
  expect(formatRelativeDate(now - 24 * 3_600 * SECOND, now)).toBe('1 d')
  expect(formatRelativeDate(now - 29 * DAY, now)).toBe('29 d')
  expect(formatRelativeDate(now - 30 * DAY, now)).toBe('1 mo')
  expect(formatRelativeDate(now - 364 * DAY, now)).toBe('12 mo')
  expect(formatRelativeDate(now - 365 * DAY, now)).toBe('1 yr')
})

it("says 'now' under a second, for the future and for times that are not finite", () => {
  expect(formatRelativeDate(now, now)).toBe('now')
  expect(formatRelativeDate(now - 999, now)).toBe('now')
  expect(formatRelativeDate(now + 5 * DAY, now)).toBe('now')
  expect(formatRelativeDate(Number.NaN, now)).toBe('now')
  expect(formatRelativeDate(now, Number.POSITIVE_INFINITY)).toBe('now')
})

it('gives the unit and count it chose, or nothing for now', () => {
  expect(relativeDateUnit(now - 40 * DAY, now)).toEqual({ count: 1, unit: 'mo' })
  expect(relativeDateUnit(now - 59_999, now)).toEqual({ count: 59, unit: 'sec' })
  expect(relativeDateUnit(now - 999, now)).toBeUndefined()
  expect(relativeDateUnit(Number.NaN, now)).toBeUndefined()
})
