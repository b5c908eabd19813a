import type {
  OnrampPaymentMethod,
  OnrampProvider,
  OnrampQuote,
  OnrampQuoteBody,
  PaymentCurrency,
  PurchaseCurrency,
} from '@modalkit/protocol'
import { ONRAMP_LIMITS_USD, ONRAMP_PAYMENT_METHODS } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
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

/** What the local provider sells: each EVM network's native currency (the API's nodes). */
export function purchaseCurrencies(chains: Iterable<string>): PurchaseCurrency[] {
  const networks = [...chains]
    .filter((chain) => chain.startsWith('eip155:'))
    .map((chain) => {
      const network = getNetwork(chain)
      return {
        name: chain,
        display_name: network?.name ?? chain,
        chain_id: chain,
        contract_address: '',
      }
    })
  return networks.length ? [{ id: 'ETH', name: 'Ether', symbol: 'ETH', networks }] : []
}

const cents = (value: number) => (Math.round(value * 100) / 100).toFixed(2)

/** A quote for `amount` of fiat: fees, then the crypto bought at the price table's price (6 decimals, down). */
export function quote(
  body: OnrampQuoteBody & { paymentCurrency: { id: FiatId } },
  quoteId: string,
): OnrampQuote {
  const fiat = body.paymentCurrency.id
  const amount = Number(body.amount)
  const providerFee = Math.max(PROVIDER_FEE_MIN, amount * PROVIDER_FEE_RATE)
  const subtotal = Math.max(0, amount - providerFee - NETWORK_FEE)
  const price = priceOf('eip155', undefined, FIAT[fiat])
  const crypto = Math.floor((subtotal / price) * 1e6) / 1e6
  return {
    quoteId,
    paymentTotal: { amount: cents(amount), currency: fiat },
    paymentSubtotal: { amount: cents(subtotal), currency: fiat },
    coinbaseFee: { amount: cents(providerFee), currency: fiat },
    networkFee: { amount: cents(NETWORK_FEE), currency: fiat },
    purchaseAmount: { amount: crypto.toFixed(6), currency: body.purchaseCurrency.id },
  }
}
