import { roundDecimal } from './roundDecimal.ts'

export type FormatBalanceOptions = {
  /** The network is a testnet: its balance is not shown. */
  testnet?: boolean
  /** The network is one the project supports; `false` hides the balance. Default `true`. */
  supported?: boolean
}

/**
 * SPEC §9: a native balance to 3 decimals, e.g. '1.235 ETH'; on testnets and unsupported chains the
 * literal '0.00' instead (two decimals, whatever the value), as the spec words it. `value` is a
 * decimal string (see `formatUnits` for base units); an empty `symbol` leaves only the number.
 *
 * @example
 * formatBalance('1.23456', 'ETH') // '1.235 ETH'
 * formatBalance('1.23456', 'ETH', { testnet: true }) // '0.00 ETH'
 */
export function formatBalance(value: string, symbol: string, options: FormatBalanceOptions = {}): string {
  const { testnet = false, supported = true } = options
  const amount = testnet || !supported ? '0.00' : roundDecimal(value, 3)
  return symbol ? `${amount} ${symbol}` : amount
}
