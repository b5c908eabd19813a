import type { OnrampProvider } from '@modalkit/protocol'
import { ONRAMP_PAYMENT_METHODS } from '@modalkit/protocol'

/** Meld's checkout, which takes the payment and delivers the crypto itself (no order is kept here). */
export const MELD_CHECKOUT_URL = 'https://meldcrypto.com/'
export const MELD_PROVIDER: OnrampProvider = {
  name: 'meld',
  label: 'Meld',
  feeRange: '1-3%',
  paymentMethods: [...ONRAMP_PAYMENT_METHODS],
}

/**
 * SPEC §9: Meld's URL carries the wallet address and the destination currency, SOL on Solana and
 * USDC otherwise, each as an encoded query parameter.
 */
export function meldUrl(address: string, network: string): string {
  const url = new URL(MELD_CHECKOUT_URL)
  url.searchParams.set('walletAddress', address)
  url.searchParams.set('destinationCurrencyCode', network.startsWith('solana:') ? 'SOL' : 'USDC')
  return url.href
}
