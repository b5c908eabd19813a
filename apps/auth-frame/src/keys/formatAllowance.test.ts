import { describe, expect, it } from 'vitest'
import { inEnglish } from '../i18n/inEnglish.ts'
import {
  formatDeadline as deadlineInPhrases,
  formatAllowance as inPhrases,
  isUnlimitedAmount,
} from './formatAllowance.ts'

/** As the English screen reads them. */
const formatAllowance = (...args: Parameters<typeof inPhrases>) => inEnglish(inPhrases(...args))
const formatDeadline = (seconds: bigint) => inEnglish(deadlineInPhrases(seconds))

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'

describe('formatAllowance', () => {
  it('says Unlimited for max uint256, anything ≥ 2^255, and the uint160/uint48 sentinels', () => {
    for (const amount of [2n ** 256n - 1n, 2n ** 255n, 2n ** 160n - 1n, 2n ** 48n - 1n]) {
      expect(isUnlimitedAmount(amount)).toBe(true)
    }
    expect(isUnlimitedAmount(2n ** 255n - 1n)).toBe(false)
    expect(formatAllowance(2n ** 256n - 1n, TOKEN, { symbol: 'USDC', decimals: 6 })).toBe('Unlimited USDC')
    expect(formatAllowance(2n ** 256n - 1n, TOKEN, undefined)).toBe(`Unlimited of token ${TOKEN}`)
  })

  it("formats in the token's units when known, else raw with the token's address", () => {
    expect(formatAllowance(1_500_000n, TOKEN, { symbol: 'USDC', decimals: 6 })).toBe('1.5 USDC')
    expect(formatAllowance(1_500_000n, TOKEN, undefined)).toBe(`1500000 (raw units) of token ${TOKEN}`)
  })

  it('formats deadlines as UTC, and the never-expiring ones as such', () => {
    expect(formatDeadline(1_700_000_000n)).toBe('2023-11-14 22:13:20 UTC')
    expect(formatDeadline(0n)).toBe('no expiry')
    expect(formatDeadline(2n ** 48n - 1n)).toBe('no expiry')
    expect(formatDeadline(2n ** 256n - 1n)).toBe('no expiry')
  })
})
