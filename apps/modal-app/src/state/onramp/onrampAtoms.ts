import type { OnrampOptions, OnrampPaymentMethod, OnrampQuote } from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'

/** What the buyer entered: fiat amount, payment currency and method. */
export type OnrampInput = { amount: string; fiat: string; method: OnrampPaymentMethod }

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
  /** The input the quote is for (`amount fiat method`): a quote for an older input is never shown. */
  quoteFor?: string | undefined
  error?: string | undefined
}
/** The key of an input, for `quoteFor`. */
export const onrampInputKey = ({ amount, fiat, method }: OnrampInput) => `${amount} ${fiat} ${method}`

export const onrampAtom = atom<OnrampState>({ status: 'idle' })

/** BuyInProgress: the purchase sent to the provider, and what arrived once it did. */
export type OnrampPurchase = {
  address: string
  chainId: string
  asset: string
  expected: string
  status: 'waiting' | 'arrived' | 'failed'
  arrived?: string
  error?: string | undefined
}
export const onrampPurchaseAtom = atom<OnrampPurchase | undefined>(undefined)
