import { AppKitError, type Namespace } from '@modalkit/protocol'
import { formatUnits, type Network } from '@modalkit/shared'
import { atom } from 'jotai/vanilla'
import type { ApiClient } from '../../api/createApiClient.ts'
import { activeConnector, type Connectors } from '../../connectors/registry.ts'
import { sendSolanaRequest } from '../../connectors/solana/sendSolanaRequest.ts'
import { translateError } from '../../i18n/flows/describeError.ts'
import { translate } from '../../i18n/translate.ts'
import { tokensStaleAtom } from '../accountData/accountDataAtoms.ts'
import type { AccountDataActions } from '../accountData/createAccountDataActions.ts'
import { historyAtom, type Store } from '../atoms.ts'
import type { Notices } from '../createNotices.ts'
import { activeAccountAtom, selectedNetworkAtom } from '../derivedAtoms.ts'
import { isUserRejection } from '../isUserRejection.ts'
import type { ModalContext } from '../ModalContext.ts'
import { resolveName } from '../names/resolveName.ts'
import { refreshBalance } from '../refreshBalance.ts'
import { pushView } from '../viewStack.ts'
import { buildEvmSend, type EvmSendTransaction } from './buildEvmSend.ts'
import { resolveRecipient } from './resolveRecipient.ts'
import { checkedAmount, emptySendDraft, sendDraftAtom, tokenDecimals } from './sendDraft.ts'

/** WalletSendPreview's state: the checked send, its fee estimate, and how sending it went. */
export type SendPreview = {
  recipient: string
  /** Whole units as typed, and the symbol, for the summary. */
  amount: string
  symbol: string
  network: Network
  /** eip155: the eth_sendTransaction; solana: the unsigned transaction for solana_signAndSendTransaction. */
  transaction: { kind: 'eip155'; tx: EvmSendTransaction } | { kind: 'solana'; base64: string }
  fee: { status: 'estimating' } | { status: 'ready'; text: string } | { status: 'error'; message: string }
  sending: boolean
}
export const sendPreviewAtom = atom<SendPreview | undefined>(undefined)

export type SendActionsDeps = Pick<ModalContext, 'analytics'> & {
  store: Store
  api: Pick<ApiClient, 'rpc'> & Partial<Pick<ApiClient, 'resolveProfileName'>>
  projectId: string
  connectors: Connectors
  notices: Pick<Notices, 'showToast'>
  accountData: Pick<AccountDataActions, 'loadTokens' | 'loadTransactions'>
}

const RECEIPT_POLL_MS = 500
const RECEIPT_WAIT_MS = 60_000

/**
 * Send: the form is checked (amount, balance, recipient) before anything reaches a wallet;
 * the fee is estimated on the API's chain proxy; the transaction goes to the wallet active in the
 * namespace through its connector, so the embedded wallet's secure frame shows its approval exactly as
 * for a site's request, a browser wallet asks in the host page and WalletConnect in the paired wallet.
 */
export function createSendActions(deps: SendActionsDeps) {
  const { store, api, projectId } = deps
  const rpc = (network: Network, method: string, params: unknown[]) =>
    api.rpc(projectId, network.caipNetworkId, method, params)
  // Here, not at module level: our own fallback words are read in the store's locale of the moment.
  const messageOf = (error: unknown) =>
    error instanceof AppKitError
      ? error.shortMessage
      : error instanceof Error
        ? error.message
        : translate(store, 'send.failed')

  async function estimate(preview: SendPreview): Promise<void> {
    const { network, transaction } = preview
    if (transaction.kind !== 'eip155') return
    try {
      const [gas, price] = await Promise.all([
        rpc(network, 'eth_estimateGas', [transaction.tx]),
        rpc(network, 'eth_gasPrice', []),
      ])
      if (typeof gas !== 'string' || typeof price !== 'string') throw new Error('bad estimate reply')
      const fee = BigInt(gas) * BigInt(price)
      const { decimals, symbol } = network.nativeCurrency
      const text = `${formatUnits(fee, decimals)} ${symbol}`
      store.set(sendPreviewAtom, (p) => (p === preview ? { ...p, fee: { status: 'ready', text } } : p))
    } catch (error) {
      store.set(sendPreviewAtom, (p) =>
        p === preview ? { ...p, fee: { status: 'error', message: messageOf(error) } } : p,
      )
    }
  }

  /** Until the node has mined (eip155) or confirmed (solana) the transaction, or a minute passed. */
  async function waitForReceipt(network: Network, hash: string): Promise<void> {
    const until = Date.now() + RECEIPT_WAIT_MS
    const mined = async () => {
      if (network.chainNamespace !== 'solana')
        return Boolean(await rpc(network, 'eth_getTransactionReceipt', [hash]))
      const reply = (await rpc(network, 'getSignatureStatuses', [[hash]])) as {
        value: ({ confirmationStatus?: string } | null)[]
      }
      const status = reply.value[0]?.confirmationStatus
      return status === 'confirmed' || status === 'finalized'
    }
    while (Date.now() < until) {
      if (await mined().catch(() => false)) return
      await new Promise((resolve) => setTimeout(resolve, RECEIPT_POLL_MS))
    }
  }

  return {
    /**
     * WalletSend's "Review": checks the form and opens WalletSendPreview with the fee being estimated.
     * @throws InvalidAmountError, InsufficientBalanceError, InvalidRecipientError (nothing is sent).
     */
    async review(): Promise<void> {
      const draft = store.get(sendDraftAtom)
      const account = store.get(activeAccountAtom)
      const network = store.get(selectedNetworkAtom)
      if (account?.status !== 'connected' || !account.address || !network) throw new Error('not connected')
      const units = checkedAmount(draft)
      const namespace: Namespace = network.chainNamespace
      const { resolveProfileName } = deps.api
      const recipient = await resolveRecipient(
        draft.recipient,
        namespace,
        resolveProfileName && ((name) => resolveName({ resolveProfileName }, deps.projectId, name)),
      )
      const base = {
        recipient,
        amount: draft.amount.trim(),
        symbol: draft.token?.symbol ?? '',
        network,
        sending: false,
      }
      let preview: SendPreview
      if (namespace === 'eip155') {
        const tx = buildEvmSend({
          from: account.address,
          recipient,
          amount: units,
          token: draft.token?.address,
        })
        preview = { ...base, transaction: { kind: 'eip155', tx }, fee: { status: 'estimating' } }
      } else if (namespace === 'solana' && draft.token) {
        const { buildSolanaSend } = await import('./buildSolanaSend.ts')
        const { transaction, fee } = await buildSolanaSend({
          rpc: (method, params) => rpc(network, method, params),
          from: account.address,
          recipient,
          amount: units,
          mint: draft.token.address?.split(':').at(-1),
          decimals: tokenDecimals(draft.token),
        })
        const { decimals, symbol } = network.nativeCurrency
        preview = {
          ...base,
          transaction: { kind: 'solana', base64: transaction },
          fee: { status: 'ready', text: `${formatUnits(fee, decimals)} ${symbol}` },
        }
      } else throw new Error(`Send on ${namespace} is not supported yet`)
      store.set(sendPreviewAtom, preview)
      store.set(historyAtom, (history) => pushView(history, 'WalletSendPreview'))
      void estimate(preview)
    },

    /** WalletSendPreview's "Send": the wallet approves; then the toast, and Account reads anew. */
    async send(): Promise<void> {
      const preview = store.get(sendPreviewAtom)
      if (!preview || preview.sending) return
      const namespace = preview.network.chainNamespace
      const connector = activeConnector(deps.connectors, store, namespace)
      if (!connector) throw new Error('no wallet connected')
      store.set(sendPreviewAtom, { ...preview, sending: true })
      const { transaction, network } = preview
      // AppKit's send events, with what was sent.
      const sent = { network: network.caipNetworkId, token: preview.symbol, amount: preview.amount }
      deps.analytics.track('SEND_INITIATED', sent)
      let hash: unknown
      try {
        if (transaction.kind === 'eip155') {
          hash = await connector.request({
            namespace,
            method: 'eth_sendTransaction',
            params: [transaction.tx],
            network,
          })
        } else {
          // Shaped and checked as a site's Solana request is; the secure frame shows its instructions.
          const { signature } = await sendSolanaRequest({
            method: 'solana_signAndSendTransaction',
            params: { transaction: transaction.base64 },
            signer: store.get(activeAccountAtom)?.address ?? '',
            send: (method, params) => connector.request({ namespace, method, params, network }),
          })
          hash = signature
        }
      } catch (error) {
        store.set(sendPreviewAtom, (p) => (p ? { ...p, sending: false } : p))
        deps.notices.showToast('error', translateError(store, messageOf(error)))
        if (isUserRejection(error)) deps.analytics.track('SEND_REJECTED', sent)
        else deps.analytics.track('SEND_ERROR', { ...sent, message: messageOf(error) })
        return
      }
      if (typeof hash !== 'string') throw new Error('the wallet answered no transaction hash')
      deps.analytics.track('SEND_SUCCESS', { ...sent, hash })
      deps.notices.showToast(
        'success',
        translate(store, 'send.sent', { amount: preview.amount, symbol: preview.symbol }),
      )
      store.set(sendDraftAtom, emptySendDraft())
      store.set(sendPreviewAtom, undefined)
      // Back to Account, whose balance and Activity read anew once the transaction is mined.
      store.set(historyAtom, (history) => {
        const at = history.lastIndexOf('Account')
        return at >= 0 ? history.slice(0, at + 1) : ['Account']
      })
      await waitForReceipt(preview.network, hash)
      store.set(tokensStaleAtom, true)
      await Promise.all([
        refreshBalance(store, api, projectId, { force: true }),
        deps.accountData.loadTokens(true),
        deps.accountData.loadTransactions(),
      ])
    },
  }
}

export type SendActions = ReturnType<typeof createSendActions>
