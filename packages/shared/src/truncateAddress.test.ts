import { expect, it } from 'vitest'
import { truncateAddress } from './truncateAddress.ts'

it('keeps the first 4 characters, 0x included, and the last 6', () => {
  expect(truncateAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe('0x70…dc79C8')
  expect(truncateAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x12…345678')
  expect(truncateAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe('9WzD…YtAWWM')
})

it('leaves strings unchanged that truncation would not shorten', () => {
  expect(truncateAddress('vitalik.eth')).toBe('vitalik.eth') // 11 characters
  expect(truncateAddress('short')).toBe('short')
  expect(truncateAddress('')).toBe('')
  expect(truncateAddress('abcdefghijkl')).toBe('abcd…ghijkl') // 12 characters
})
