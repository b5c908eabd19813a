import {
  AppKitError,
  ModalClosedError,
  NetworkNotFoundError,
  type OpenArgs,
  PayDisabledError,
  PaymentInProgressError,
  type PayOptions,
  type PayResult,
} from '@modalkit/protocol'
import { atom } from 'jotai/vanilla'
import { activeConnector, type Connectors } from '../../connectors/registry.ts'
import { translate } from '../../i18n/translate.ts'
import { accountsAtom, historyAtom, networksAtom, openAtom, type Store } from '../atoms.ts'
import type { Notices } from '../createNotices.ts'
import { currentViewAtom, featuresAtom, selectedNetworkAtom } from '../derivedAtoms.ts'
import { isUserRejection } from '../isUserRejection.ts'
import type { ModalContext } from '../ModalContext.ts'
import { buildEvmSend } from '../send/buildEvmSend.ts'
import { resolveRecipient } from '../send/resolveRecipient.ts'
import { parseAmount } from '../send/sendDraft.ts'

/** The Pay view's state: the site's request, and how paying it goes. */
export type Payment = {
  options: PayOptions
  /** Whole units as shown ("12.5"). */
  amount: string
  status: 'ready' | 'paying' | 'failed'
  error?: string
}
export const paymentAtom = atom<Payment | undefined>(undefined)

export type PayActionsDeps = Pick<ModalContext, 'analytics'> & {
  store: Store
  connectors: Connectors
  notices: Pick<Notices, 'showToast'>
  open(args: OpenArgs): Promise<void>
  /** Closes the modal as the user's close does. */
  close(): void
  switchNetwork(caipNetworkId: string): Promise<void>
}

/** AppKit passes a number; as whole units without exponent or rounding beyond what it holds. */
const amountText = (amount: number | string) =>
  typeof amount === 'string'
    ? amount
    : amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })

/**
 * Pay (AppKit Pay's `pay()`): the site asks for a fixed amount of one asset to one
 * recipient; the modal opens the Pay view, which connects first when no wallet is connected on the
 * asset's chain family, switches to the asset's network, and sends through the active wallet's
 * connector as Send does (the embedded wallet's approval shows in its secure frame). `pay()` answers
 * once: the transaction hash, or why nothing was paid (rejected, failed, or the modal closed).
 */
export function createPayActions(deps: PayActionsDeps) {
  const { store } = deps
  let settle: ((result: PayResult) => void) | undefined
  // Here, not at module level: our own fallback words are read in the store's locale of the moment.
  const messageOf = (error: unknown) =>
    error instanceof AppKitError
      ? error.shortMessage
      : error instanceof Error
        ? error.message
        : translate(store, 'pay.failed')

  const finish = (result: PayResult) => {
    const done = settle
    settle = undefined
    store.set(paymentAtom, undefined)
    done?.(result)
  }
  // Closed with a payment still open (the user's close, Escape, the site's close()): not paid.
  store.sub(openAtom, () => {
    if (!store.get(openAtom) && settle) finish({ success: false, error: new ModalClosedError().shortMessage })
  })

  const namespaceOf = (payment: Payment) => payment.options.paymentAsset.network.split(':')[0] as 'eip155'
  const connected = (payment: Payment) =>
    store.get(accountsAtom).some((a) => a.namespace === namespaceOf(payment) && a.status === 'connected')

  return {
    /** `window.appkit.pay()`: checks the request, opens the Pay view, and answers when it ends. */
    async start(options: PayOptions): Promise<PayResult> {
      if (store.get(featuresAtom).pay === false) throw new PayDisabledError()
      if (settle) throw new PaymentInProgressError()
      const { network } = options.paymentAsset
      if (!network.startsWith('eip155:'))
        throw new NetworkNotFoundError(`Pay takes an eip155 network: ${network}`)
      if (!store.get(networksAtom).some((n) => n.caipNetworkId === network))
        throw new NetworkNotFoundError(network)
      const amount = amountText(options.amount)
      parseAmount(amount, options.paymentAsset.metadata.decimals)
      await resolveRecipient(options.recipient, 'eip155')
      const result = new Promise<PayResult>((resolve) => {
        settle = resolve
      })
      store.set(paymentAtom, { options, amount, status: 'ready' })
      await deps.open({ view: 'Pay' })
      deps.analytics.track('PAY_MODAL_OPEN', { network, asset: options.paymentAsset.asset, amount })
      return result
    },

    /**
     * Called where a connection ends by closing the modal: with a payment open and its chain family
     * now connected, the modal goes back to Pay instead (true), so "connect first" continues there.
     */
    resumeAfterConnect(): boolean {
      const payment = store.get(paymentAtom)
      if (!payment || !connected(payment) || store.get(currentViewAtom) === 'Pay') return false
      store.set(historyAtom, ['Pay'])
      return true
    },

    /** The Pay view's button: connect first, switch network, then the wallet sends. */
    async pay(): Promise<void> {
      const payment = store.get(paymentAtom)
      if (!payment || payment.status === 'paying') return
      if (!connected(payment)) {
        store.set(historyAtom, (history) => [...history, 'Connect'])
        return
      }
      const { options } = payment
      const { network, asset, metadata } = options.paymentAsset
      store.set(paymentAtom, { options: payment.options, amount: payment.amount, status: 'paying' })
      const paid = { network, asset, symbol: metadata.symbol, amount: payment.amount }
      deps.analytics.track('PAY_INITIATED', paid)
      try {
        if (store.get(selectedNetworkAtom)?.caipNetworkId !== network) await deps.switchNetwork(network)
        const namespace = namespaceOf(payment)
        const connector = activeConnector(deps.connectors, store, namespace)
        const from = store.get(accountsAtom).find((a) => a.namespace === namespace)?.address
        if (!connector || !from) throw new Error('no wallet connected')
        const tx = buildEvmSend({
          from,
          recipient: await resolveRecipient(options.recipient, namespace),
          amount: parseAmount(payment.amount, metadata.decimals),
          token: asset === 'native' ? undefined : `${network}:${asset}`,
        })
        const target = store.get(networksAtom).find((n) => n.caipNetworkId === network)
        if (!target) throw new NetworkNotFoundError(network)
        const hash = await connector.request({
          namespace,
          method: 'eth_sendTransaction',
          params: [tx],
          network: target,
        })
        if (typeof hash !== 'string') throw new Error('the wallet answered no transaction hash')
        deps.analytics.track('PAY_SUCCESS', { ...paid, hash })
        deps.notices.showToast(
          'success',
          translate(store, 'pay.paid', { amount: payment.amount, symbol: metadata.symbol }),
        )
        finish({ success: true, result: hash })
        deps.close()
      } catch (error) {
        const message = messageOf(error)
        deps.analytics.track(isUserRejection(error) ? 'USER_REJECTED' : 'PAY_ERROR', { ...paid, message })
        store.set(paymentAtom, { ...payment, status: 'failed', error: message })
        const done = settle
        settle = undefined
        done?.({ success: false, error: message })
      }
    },
  }
}

export type PayActions = ReturnType<typeof createPayActions>
