import { formatUnits } from 'ethers'
import { phrase, type Shown } from '../i18n/phrase.ts'

/**
 * Amounts that mean "no limit": any amount of 2^255 or more (max uint256 and its neighbours), and
 * Permit2's max uint160 and max uint48 sentinels.
 */
export const isUnlimitedAmount = (amount: bigint): boolean =>
  amount >= 2n ** 255n || amount === 2n ** 160n - 1n || amount === 2n ** 48n - 1n

export type TokenInfo = { symbol: string; decimals: number }

/**
 * An allowance as a person reads it: 'Unlimited <token>' for the sentinels, else the amount in the
 * token's units when its symbol and decimals were read from the token contract, else the raw amount
 * and the token's address.
 *
 * @example
 * formatAllowance(1_500_000n, '0xA0b8…', { symbol: 'USDC', decimals: 6 }) // '1.5 USDC'
 */
export function formatAllowance(amount: bigint, token: string, info: TokenInfo | undefined): Shown {
  if (isUnlimitedAmount(amount))
    return info
      ? phrase('allowance.unlimited', { symbol: info.symbol })
      : phrase('allowance.unlimitedOfToken', { token })
  return formatTokenAmount(amount, token, info)
}

/** An amount of a token: in its units when its symbol and decimals were read, else raw with its address. */
export function formatTokenAmount(amount: bigint, token: string, info: TokenInfo | undefined): Shown {
  if (!info) return phrase('allowance.rawOfToken', { amount: String(amount), token })
  return `${formatUnits(amount, info.decimals)} ${info.symbol}`
}

/** A deadline or expiration in seconds since 1970, as UTC; 0 and the max sentinels never expire. */
export function formatDeadline(seconds: bigint): Shown {
  if (seconds === 0n || seconds >= 2n ** 48n - 1n) return phrase('allowance.noExpiry')
  const ms = Number(seconds) * 1000
  if (ms > 8.64e15) return phrase('allowance.noExpiry')
  return new Date(ms).toISOString().replace('.000Z', ' UTC').replace('T', ' ')
}
