import type { OnrampQuote, TokenBalance } from '@modalkit/protocol'

/**
 * SPEC §7: the quote computed in the modal when the quote call fails, from the price the account's
 * balances carry (in USD, the currency they are read in): `amount` of USD buys `amount / price` of the
 * network's native `asset`, 6 decimals rounded down, the provider's fees unknown (shown as 0). Only an
 * estimate: the view marks it and Buy waits for the provider's own quote. Undefined when no price
 * is known (another fiat, an asset the balances do not price).
 */
export function estimateOnrampQuote(
  { amount, fiat, asset }: { amount: string; fiat: string; asset: string },
  balances: readonly TokenBalance[],
): OnrampQuote | undefined {
  if (fiat !== 'USD') return undefined
  const price = balances.find((b) => b.address === undefined && b.symbol === asset)?.price ?? 0
  if (!(price > 0)) return undefined
  const crypto = Math.floor((Number(amount) / price) * 1e6) / 1e6
  const money = (value: string) => ({ amount: value, currency: fiat })
  return {
    quoteId: 'estimate',
    paymentTotal: money(Number(amount).toFixed(2)),
    paymentSubtotal: money(Number(amount).toFixed(2)),
    coinbaseFee: money('0.00'),
    networkFee: money('0.00'),
    purchaseAmount: { amount: crypto.toFixed(6), currency: asset },
  }
}
