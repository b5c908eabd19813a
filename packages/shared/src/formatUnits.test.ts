import { describe, expect, it } from 'vitest'
import { formatUnits } from './formatUnits.ts'

describe('formatUnits', () => {
  it('turns base units into a decimal string without trailing zeros', () => {
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5')
    expect(formatUnits(1_000_000_000_000_000_000n, 18)).toBe('1')
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnits(123_456_789n, 6)).toBe('123.456789') // USDC
    expect(formatUnits(2_100_000_000_000_000n, 8)).toBe('21000000') // all the bitcoin
    expect(formatUnits(0n, 18)).toBe('0')
    expect(formatUnits(42n, 0)).toBe('42')
  })

  it('keeps huge values exact', () => {
    expect(formatUnits(2n ** 256n - 1n, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    )
    expect(formatUnits(10n ** 30n, 6)).toBe('1000000000000000000000000')
  })

  it('keeps the sign of negatives, not of zero', () => {
    expect(formatUnits(-25n, 1)).toBe('-2.5')
    expect(formatUnits(-1n, 18)).toBe('-0.000000000000000001')
    expect(formatUnits(-4n, 21)).toBe('0')
  })

  it('rounds half up to 20 places (SPEC §9 big-decimal precision)', () => {
    expect(formatUnits(1n, 20)).toBe('0.00000000000000000001')
    expect(formatUnits(5n, 21)).toBe('0.00000000000000000001')
    expect(formatUnits(4n, 21)).toBe('0')
    expect(formatUnits(-5n, 21)).toBe('-0.00000000000000000001')
    expect(formatUnits(999_999_999_999_999_999_999_5n, 22)).toBe('1')
    expect(formatUnits(123_456_789_012_345_678_901_234_567n, 24)).toBe('123.45678901234567890123')
  })

  it('refuses decimals outside 0 to 255', () => {
    expect(() => formatUnits(1n, -1)).toThrow('Invalid decimals: -1')
    expect(() => formatUnits(1n, 1.5)).toThrow(RangeError)
    expect(() => formatUnits(1n, 256)).toThrow(RangeError)
    expect(() => formatUnits(1n, Number.NaN)).toThrow(RangeError)
    expect(formatUnits(10n ** 255n, 255)).toBe('1')
  })
})
