import { expect, it } from 'vitest'
import { isEvmAddress } from './isEvmAddress.ts'

it('accepts 40 hex characters with or without 0x, in any case', () => {
  expect(isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
  expect(isEvmAddress('70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
  expect(isEvmAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(true)
  expect(isEvmAddress('0x0000000000000000000000000000000000000000')).toBe(true)
})

it('refuses other lengths, non-hex characters and other prefixes', () => {
  expect(isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C')).toBe(false)
  expect(isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C80')).toBe(false)
  expect(isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79CG')).toBe(false)
  expect(isEvmAddress('0X70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  expect(isEvmAddress(' 0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  expect(isEvmAddress('0x')).toBe(false)
  expect(isEvmAddress('')).toBe(false)
})
