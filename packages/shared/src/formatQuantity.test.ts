import { expect, it } from 'vitest'
import { formatQuantity } from './formatQuantity.ts'

it('shows transaction quantities to 3 decimals, half up', () => {
  expect(formatQuantity('0.0005')).toBe('0.001')
  expect(formatQuantity('0.00049')).toBe('0.000')
  expect(formatQuantity('1.23456')).toBe('1.235')
  expect(formatQuantity('42')).toBe('42.000')
  expect(formatQuantity('-3.0005')).toBe('-3.001')
  expect(formatQuantity('1000000000000000000000000.0004')).toBe('1000000000000000000000000.000')
})

it('refuses what is not a decimal string', () => {
  expect(() => formatQuantity('')).toThrow(RangeError)
  expect(() => formatQuantity('1.5 ETH')).toThrow(RangeError)
})
