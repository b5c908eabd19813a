import type {
  OnrampPaymentMethod,
  OnrampProvider,
  OnrampQuote,
  OnrampQuoteBody,
  PaymentCurrency,
  PurchaseCurrency,
} from '@modalkit/protocol'
import { ONRAMP_LIMITS_USD, ONRAMP_PAYMENT_METHODS } from '@modalkit/protocol'
import { getNetwork, LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { priceOf } from '../chain/priceTable.ts'

/** SPEC §9: the sample payment currencies; their limits are SPEC's USD limits converted. */
const FIAT = { USD: 'usd', EUR: 'eur' } as const
export type FiatId = keyof typeof FIAT
export const isFiatId = (id: string): id is FiatId => id in FIAT

/** The local provider standing in for the real ones (its page is on the demo origin). */
export const LOCAL_PROVIDER: OnrampProvider = {
  name: 'localramp',
  label: 'Local Ramp',
  feeRange: '1-2%',
  paymentMethods: [...ONRAMP_PAYMENT_METHODS],
}

/** The provider's fee: 1% of the amount, at least 0.50; the network fee a fixed 0.10 (both in fiat). */
const PROVIDER_FEE_RATE = 0.01
const PROVIDER_FEE_MIN = 0.5
const NETWORK_FEE = 0.1

/** Units of the fiat currency per USD (from the price table's native price in each). */
const fiatPerUsd = (fiat: FiatId) =>
  priceOf('eip155', undefined, FIAT[fiat]) / priceOf('eip155', undefined, 'usd')

/** SPEC §9's limits in `fiat`: the USD limits converted, to whole cents (rounded inward). */
export function limitsIn(fiat: FiatId, method: OnrampPaymentMethod): { min: string; max: string } {
  const { min, max } = ONRAMP_LIMITS_USD[method]
  const rate = fiatPerUsd(fiat)
  return {
    min: (Math.ceil(Number(min) * rate * 100) / 100).toFixed(2),
    max: (Math.floor(Number(max) * rate * 100) / 100).toFixed(2),
  }
}

export function paymentCurrencies(): PaymentCurrency[] {
  return (Object.keys(FIAT) as FiatId[]).map((id) => ({
    id,
    payment_method_limits: ONRAMP_PAYMENT_METHODS.map((method) => ({ id: method, ...limitsIn(id, method) })),
  }))
}

/**
 * USDC's contract per network (SPEC §9: the default purchase on Ethereum and Polygon). On the local
 * chains the local chain world's 'Local USD' (6 decimals, 1 USD) stands in for it, as the local
 * provider stands in for the real ones.
 */
const USDC_CONTRACTS: ReadonlyMap<string, string> = new Map([
  ['eip155:1', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'],
  ['eip155:137', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'],
  ['eip155:31337', LOCAL_CHAIN_WORLD.usd],
  ['eip155:31338', LOCAL_CHAIN_WORLD.usd],
])

/** USDC's decimals, which the local 'Local USD' shares. */
export const USDC_DECIMALS = 6

/** What can be bought: an asset id of the catalogue. */
export type OnrampAsset = 'USDC' | 'ETH'
export const isOnrampAsset = (id: string): id is OnrampAsset => id === 'USDC' || id === 'ETH'

/** The contract `asset` is delivered from on `chain`: '' for the native currency, undefined where it is not sold. */
export function assetContract(asset: OnrampAsset, chain: string): string | undefined {
  if (!chain.startsWith('eip155:')) return undefined
  return asset === 'ETH' ? '' : USDC_CONTRACTS.get(chain)
}

/** What the local provider sells on the API's EVM networks: USDC where it has a contract (first), and ETH. */
export function purchaseCurrencies(chains: Iterable<string>): PurchaseCurrency[] {
  const evm = [...chains].filter((chain) => chain.startsWith('eip155:'))
  const on = (asset: OnrampAsset) =>
    evm.flatMap((chain) => {
      const contract = assetContract(asset, chain)
      if (contract === undefined) return []
      const network = getNetwork(chain)
      return [
        { name: chain, display_name: network?.name ?? chain, chain_id: chain, contract_address: contract },
      ]
    })
  const currencies: PurchaseCurrency[] = [
    { id: 'USDC', name: 'USD Coin', symbol: 'USDC', networks: on('USDC') },
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: on('ETH') },
  ]
  return currencies.filter((currency) => currency.networks.length > 0)
}

/** The price of one unit of `asset` in `fiat`. */
const assetPrice = (asset: OnrampAsset, fiat: FiatId) =>
  asset === 'ETH' ? priceOf('eip155', undefined, FIAT[fiat]) : fiatPerUsd(fiat)

const cents = (value: number) => (Math.round(value * 100) / 100).toFixed(2)

/** A quote for `amount` of fiat: fees, then the crypto bought at the price table's price (at most 6 decimals, down). */
export function quote(
  body: OnrampQuoteBody & { paymentCurrency: { id: FiatId }; purchaseCurrency: { id: OnrampAsset } },
  quoteId: string,
): OnrampQuote {
  const fiat = body.paymentCurrency.id
  const amount = Number(body.amount)
  const providerFee = Math.max(PROVIDER_FEE_MIN, amount * PROVIDER_FEE_RATE)
  const subtotal = Math.max(0, amount - providerFee - NETWORK_FEE)
  const price = assetPrice(body.purchaseCurrency.id, fiat)
  // Floored to whole millionths, past the float error of the division (15.48 is 15479999.99… of them).
  const crypto = Math.floor((subtotal / price) * 1e6 + 1e-6) / 1e6
  return {
    quoteId,
    paymentTotal: { amount: cents(amount), currency: fiat },
    paymentSubtotal: { amount: cents(subtotal), currency: fiat },
    coinbaseFee: { amount: cents(providerFee), currency: fiat },
    networkFee: { amount: cents(NETWORK_FEE), currency: fiat },
    // Its shortest form: '148.4' USDC, not '148.400000'.
    purchaseAmount: { amount: crypto.toFixed(6).replace(/\.?0+$/, ''), currency: body.purchaseCurrency.id },
  }
}
