import { expect, it } from 'vitest'
import { formatTokenAmount } from './formatTokenAmount.ts'

it('shows token amounts to 2 decimals, half up', () => {
  expect(formatTokenAmount('12.345')).toBe('12.35')
  expect(formatTokenAmount('12.344999')).toBe('12.34')
  expect(formatTokenAmount('1.005')).toBe('1.01')
  expect(formatTokenAmount('100')).toBe('100.00')
  expect(formatTokenAmount('0.004')).toBe('0.00')
  expect(formatTokenAmount('-0.005')).toBe('-0.01')
  expect(formatTokenAmount('340282366920938463463374607431768211455.995')).toBe(
    '340282366920938463463374607431768211456.00',
  )
})

it('refuses what is not a decimal string', () => {
  expect(() => formatTokenAmount('12,34')).toThrow(RangeError)
  expect(() => formatTokenAmount('∞')).toThrow(RangeError)
})
