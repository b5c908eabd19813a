import type { OnrampOptions, OnrampPaymentMethod, OnrampQuote } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'

/** What the buyer entered: fiat amount, payment currency and method, and the asset bought. */
export type OnrampInput = { amount: string; fiat: string; method: OnrampPaymentMethod; asset: string }

/**
 * A provider whose own checkout prices and delivers the purchase (SPEC §9's meld): nothing is
 * quoted here and the API keeps no order; its URL carries the wallet and the currency (USDC on EVM).
 */
export const SELF_PRICING_PROVIDERS: ReadonlySet<string> = new Set(['meld'])
/** What a self-pricing provider delivers on `chainId`: SOL on Solana, USDC elsewhere (SPEC §9's Meld URL). */
export const selfPricingAsset = (chainId: string): string => (chainId.startsWith('solana:') ? 'SOL' : 'USDC')

/** SPEC §4 on-ramp: provider selected, quotes loading, error, reset. */
export type OnrampState = {
  options?: OnrampOptions
  /** The options are the built-in sample list (the options call failed): asked for again on the next load. */
  sample?: boolean
  provider?: string
  status: 'idle' | 'loading' | 'quoting' | 'ready' | 'error'
  quote?: OnrampQuote | undefined
  /** The quote was computed in the modal (the quote call failed): shown as an estimate, never bought. */
  estimate?: boolean
  /** The input the quote is for (`amount fiat method asset chain`): a quote for an older input is never shown. */
  quoteFor?: string | undefined
  error?: string | undefined
}
/** The key of an input on a network, for `quoteFor`: a quote for another network is not this one's. */
export const onrampInputKey = ({ amount, fiat, method, asset }: OnrampInput, chainId: string) =>
  `${amount} ${fiat} ${method} ${asset} ${chainId}`

export const onrampAtom = atom<OnrampState>({ status: 'idle' })

/** BuyInProgress: the purchase sent to the provider, and what arrived once it did. */
export type OnrampPurchase = {
  address: string
  chainId: string
  asset: string
  /** The amount quoted; '' when the provider prices it on its own page. */
  expected: string
  status: 'waiting' | 'arrived' | 'failed'
  arrived?: string
  error?: string | undefined
}
export const onrampPurchaseAtom = atom<OnrampPurchase | undefined>(undefined)
