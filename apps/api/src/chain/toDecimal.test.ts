import { expect, it } from 'vitest'
import { toDecimal } from './toDecimal.ts'

it('writes base units as a decimal without trailing zeros', () => {
  expect(toDecimal(1_500_000n, 6)).toBe('1.5')
  expect(toDecimal(5n, 6)).toBe('0.000005')
  expect(toDecimal(10n ** 20n, 18)).toBe('100')
  expect(toDecimal(7n, 0)).toBe('7')
  expect(toDecimal(-25n, 1)).toBe('-2.5')
})
