import { expect, it } from 'vitest'
import { remainingCooldownSeconds } from './remainingCooldownSeconds.ts'

const last = Date.UTC(2026, 10, 23, 12)

it('counts the 30 s e-mail cooldown in whole seconds, rounded up (SPEC §5)', () => {
  expect(remainingCooldownSeconds(last, last)).toBe(30)
  expect(remainingCooldownSeconds(last, last + 100)).toBe(30)
  expect(remainingCooldownSeconds(last, last + 1_000)).toBe(29)
  expect(remainingCooldownSeconds(last, last + 29_001)).toBe(1)
  expect(remainingCooldownSeconds(last, last + 29_999)).toBe(1)
})

it('is 0 once the cooldown has passed, or with no previous login', () => {
  expect(remainingCooldownSeconds(last, last + 30_000)).toBe(0)
  expect(remainingCooldownSeconds(last, last + 45_000)).toBe(0)
  expect(remainingCooldownSeconds(undefined, last)).toBe(0)
})

it('takes another cooldown length', () => {
  expect(remainingCooldownSeconds(last, last + 500, 60_000)).toBe(60)
  expect(remainingCooldownSeconds(last, last + 500, 1_000)).toBe(1)
  expect(remainingCooldownSeconds(last, last, 0)).toBe(0)
})

it('waits at most one cooldown for a stored time in the future, and not at all for a bad one', () => {
  expect(remainingCooldownSeconds(last + 3_600_000, last)).toBe(30)
  expect(remainingCooldownSeconds(Number.NaN, last)).toBe(0)
  expect(remainingCooldownSeconds(Number.POSITIVE_INFINITY, last)).toBe(0)
})
