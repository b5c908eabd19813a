import { expect, it } from 'vitest'
import { isSolanaAddress } from './isSolanaAddress.ts'

it('accepts 32 to 44 base58 characters', () => {
  expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
  expect(isSolanaAddress('So11111111111111111111111111111111111111112')).toBe(true)
  expect(isSolanaAddress('1'.repeat(32))).toBe(true)
  expect(isSolanaAddress('z'.repeat(44))).toBe(true)
})

it('refuses other lengths and characters outside base58', () => {
  expect(isSolanaAddress('1'.repeat(31))).toBe(false)
  expect(isSolanaAddress('z'.repeat(45))).toBe(false)
  for (const bad of ['0', 'O', 'I', 'l']) expect(isSolanaAddress(`${bad}${'1'.repeat(40)}`)).toBe(false)
  expect(isSolanaAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  expect(isSolanaAddress('')).toBe(false)
})
