import { expect, it } from 'vitest'
import { ARMING_DELAY_MS, isArmed } from './createArming.ts'

it('arms only after 500 ms, a real intent, and while visible', () => {
  const shown = { shownAt: 1_000, intent: true, visible: true }
  expect(isArmed(shown, 1_000 + ARMING_DELAY_MS - 1)).toBe(false)
  expect(isArmed(shown, 1_000 + ARMING_DELAY_MS)).toBe(true)
  expect(isArmed({ ...shown, intent: false }, 5_000)).toBe(false)
  expect(isArmed({ ...shown, visible: false }, 5_000)).toBe(false)
})
