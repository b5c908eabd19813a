import { expect, it } from 'vitest'
import { toHexChainId } from './toHexChainId.ts'

it('writes chain ids as 0x hex quantities', () => {
  expect(toHexChainId(1)).toBe('0x1')
  expect(toHexChainId(56)).toBe('0x38')
  expect(toHexChainId(8453)).toBe('0x2105')
  expect(toHexChainId(31338)).toBe('0x7a6a')
  expect(toHexChainId(11155111)).toBe('0xaa36a7')
  expect(toHexChainId(1313161554)).toBe('0x4e454152')
  expect(toHexChainId(Number.MAX_SAFE_INTEGER)).toBe('0x1fffffffffffff')
})

it('refuses what is not a positive safe integer', () => {
  for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
    expect(() => toHexChainId(bad), String(bad)).toThrow(RangeError)
  }
  expect(() => toHexChainId(Number('abc'))).toThrow('Invalid chain id: NaN')
})
