import type { OnrampQuote, TokenBalance } from '@modalkit/protocol'

/** Assets whose price in USD is known without asking: the US dollar's stablecoin. */
const USD_PEGGED: ReadonlySet<string> = new Set(['USDC'])

/**
 * SPEC §7: the quote computed in the modal when the quote call fails, from the price the account's
 * balances carry (in USD, the currency they are read in): `amount` of USD buys `amount / price` of
 * `asset` (the network's native currency when `contract` is '', else that token; USDC at one dollar
 * when no balance prices it), 6 decimals rounded down, the provider's fees unknown (shown as 0). Only
 * an estimate: the view marks it and Buy waits for the provider's own quote. Undefined when no price
 * is known (another fiat, an asset the balances do not price).
 */
export function estimateOnrampQuote(
  {
    amount,
    fiat,
    asset,
    contract,
  }: { amount: string; fiat: string; asset: string; contract?: string | undefined },
  balances: readonly TokenBalance[],
): OnrampQuote | undefined {
  if (fiat !== 'USD') return undefined
  const held = contract
    ? balances.find((b) => b.address?.toLowerCase() === contract.toLowerCase())
    : balances.find((b) => b.address === undefined && b.symbol === asset)
  const price = held?.price ?? (USD_PEGGED.has(asset) ? 1 : 0)
  if (!(price > 0)) return undefined
  // Floored to whole millionths past the division's float error, given in its shortest form (as the API's).
  const crypto = Math.floor((Number(amount) / price) * 1e6 + 1e-6) / 1e6
  const money = (value: string) => ({ amount: value, currency: fiat })
  return {
    quoteId: 'estimate',
    paymentTotal: money(Number(amount).toFixed(2)),
    paymentSubtotal: money(Number(amount).toFixed(2)),
    coinbaseFee: money('0.00'),
    networkFee: money('0.00'),
    purchaseAmount: { amount: crypto.toFixed(6).replace(/\.?0+$/, ''), currency: asset },
  }
}
