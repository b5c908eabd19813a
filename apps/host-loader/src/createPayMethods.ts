import {
  type ModalClient,
  type PayOptions,
  type PayResult,
  parseWith,
  payOptionsSchema,
} from '@modalkit/protocol'
import type { AppKitPayMethods } from './types.ts'

/** The options AppKit Pay takes that a self-custodial payment here has no use for (exchanges, redirects). */
const EXCHANGE_ONLY = ['openInNewTab', 'redirectUrl', 'payWithExchange'] as const

/**
 * Pay, on `window.appkit` (AppKit Pay's functions): `pay()` checks the options before the
 * page changes, opens the modal's Pay view and answers once it ends; `openPay()` does the same
 * without waiting, its outcome read with the getters.
 */
export function createPayMethods(load: () => Promise<ModalClient>): AppKitPayMethods {
  let inProgress = false
  let last: PayResult | undefined

  const pay = async (options: PayOptions): Promise<PayResult> => {
    const given = (options ?? {}) as Record<string, unknown>
    const ignored = EXCHANGE_ONLY.filter((key) => key in given)
    if (ignored.length > 0) console.warn(`[appkit] pay(): ignored options: ${ignored.join(', ')}`)
    const { recipient, amount, paymentAsset } = given
    const checked = parseWith(payOptionsSchema, { recipient, amount, paymentAsset }, 'pay() options')
    const modal = await load()
    inProgress = true
    try {
      last = await modal.pay(checked)
      return last
    } finally {
      inProgress = false
    }
  }

  return {
    pay,
    async openPay(options: PayOptions): Promise<void> {
      last = undefined
      // Started, not awaited: its outcome is kept for getPayResult / getPayError.
      const started = pay(options)
      started.catch((error: unknown) => {
        last = { success: false, error: error instanceof Error ? error.message : String(error) }
      })
    },
    getPayResult: () => last,
    getPayError: () => (last && !last.success ? last.error : undefined),
    getIsPaymentInProgress: () => inProgress,
  }
}
