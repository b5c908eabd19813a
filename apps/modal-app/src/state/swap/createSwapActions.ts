import {
  AppKitError,
  GasPriceNetworkUnsupportedError,
  type HostClient,
  NATIVE_TOKEN_ADDRESS,
  type SwapToken,
} from '@modalkit/protocol'
import type { ApiClient } from '../../api/createApiClient.ts'
import type { Connector } from '../../connectors/Connector.ts'
import { translateError } from '../../i18n/flows/describeError.ts'
import { translate } from '../../i18n/translate.ts'
import type { Store } from '../atoms.ts'
import type { Notices } from '../createNotices.ts'
import { activeAccountAtom, selectedNetworkAtom } from '../derivedAtoms.ts'
import { isUserRejection } from '../isUserRejection.ts'
import type { ModalContext } from '../ModalContext.ts'
import { addSwapGas } from './estimateSwapGas.ts'
import { sendEvmTransaction } from './sendEvmTransaction.ts'
import { type SwapForm, swapFlowAtom, swapFormAtom, swapQuoteAtom, swapTokensAtom } from './swapAtoms.ts'
import { toBaseUnits } from './toBaseUnits.ts'
import { waitForReceipt } from './waitForReceipt.ts'

export type SwapDeps = {
  store: Store
  api: Pick<
    ApiClient,
    | 'getSwapTokens'
    | 'getSwapQuote'
    | 'getSwapAllowance'
    | 'getSwapGasPrice'
    | 'buildSwapApprove'
    | 'buildSwapTransaction'
    | 'rpc'
  >
  projectId: string
  notices: Pick<Notices, 'showToast'>
  analytics: ModalContext['analytics']
  host: () => HostClient | undefined
  /** The active eip155 wallet's connector (embedded, WalletConnect); a browser wallet goes through host. */
  connector: () => Connector<never> | undefined
  /** After a swap: the Account view's balances, read anew. */
  refreshBalances: () => Promise<void>
  /** How long typing must pause before a quote is asked (debounce). */
  quoteDelayMs?: number
  sleep?: (ms: number) => Promise<void>
}

type OpenSwapArgs = {
  fromToken?: string | undefined
  toToken?: string | undefined
  amount?: string | undefined
}

/**
 * Swap as plain actions over atoms: the router's tokens for the selected network, quotes
 * as the user types (debounced; an answer for inputs since changed is dropped), and approve (when
 * the allowance is short) then swap, each a request to the user's wallet. The flow's state is in
 * atoms because the view unmounts while the embedded wallet's approval is shown.
 */
export function createSwapActions(deps: SwapDeps) {
  const { store, api, projectId } = deps
  let timer: ReturnType<typeof setTimeout> | undefined
  // Here, not at module level: our own fallback words are read in the store's locale of the moment.
  const messageOf = (error: unknown) =>
    error instanceof AppKitError
      ? error.shortMessage
      : error instanceof Error
        ? error.message
        : translate(store, 'swap.failed')
  const target = () => {
    const account = store.get(activeAccountAtom)
    const network = store.get(selectedNetworkAtom)
    if (account?.status !== 'connected' || !account.address || !network) return undefined
    const chainId = network.caipNetworkId
    return {
      account,
      network,
      chainId,
      user: `${chainId}:${account.address}`,
      key: `${chainId}|${account.address}`,
    }
  }
  const token = (address: string | undefined): SwapToken | undefined =>
    store.get(swapTokensAtom)?.data.find((t) => t.address === address)
  /** The inputs a quote answers: a changed form makes an older answer stale. */
  const quoteKey = (form: SwapForm) => `${form.from}|${form.to}|${form.amount}`

  const quote = async (): Promise<void> => {
    const form = store.get(swapFormAtom)
    const at = target()
    const from = token(form.from)
    const amount = from && toBaseUnits(form.amount, from.decimals)
    if (!at || !from || !form.to || !amount) return store.set(swapQuoteAtom, { status: 'idle' })
    const key = quoteKey(form)
    store.set(swapQuoteAtom, { status: 'loading', for: key })
    const body = { amount: amount.toString(), userAddress: at.user, from: from.address, to: form.to }
    try {
      const q = await api.getSwapQuote(projectId, body)
      if (quoteKey(store.get(swapFormAtom)) !== key) return
      store.set(swapQuoteAtom, { status: 'ready', for: key, quote: q })
      // The network cost: the swap's own call, estimated, times the gas price.
      const estimate = { api, projectId, chainId: at.chainId, body: { ...body, slippage: form.slippage } }
      await addSwapGas(store, key, estimate)
    } catch (error) {
      if (quoteKey(store.get(swapFormAtom)) === key)
        store.set(swapQuoteAtom, { status: 'error', for: key, message: messageOf(error) })
    }
  }
  /** A form change: the quote is asked anew once typing pauses. */
  const setForm = (change: Partial<SwapForm>) => {
    store.set(swapFormAtom, (form) => ({ ...form, ...change }))
    clearTimeout(timer)
    store.set(swapQuoteAtom, { status: 'idle' })
    timer = setTimeout(() => void quote(), deps.quoteDelayMs ?? 300)
  }
  /** The user's change: a finished or failed swap's outcome no longer applies (never while one runs). */
  const busy = () => ['approving', 'swapping'].includes(store.get(swapFlowAtom).status)
  const edit = (change: Partial<SwapForm>) => {
    if (busy()) return
    setForm(change)
    store.set(swapFlowAtom, { status: 'idle' })
  }
  /** The Swap's open arguments already applied: the view mounts again after a wallet's approval. */
  let applied: OpenSwapArgs | undefined

  /** The router's tokens and the gas price on the selected network; SPEC §8 words when it has no router. */
  const loadTokens = async (initial?: OpenSwapArgs): Promise<void> => {
    const at = target()
    if (!at) return
    store.set(swapTokensAtom, (old) => ({
      key: at.key,
      status: 'loading',
      data: old?.key === at.key ? old.data : [],
    }))
    try {
      // SPEC §8: a gas price that cannot be read says so ('Network not supported for Gas Price').
      const [data, gas] = await Promise.all([
        api.getSwapTokens(projectId, { chainId: at.chainId, userAddress: at.user }),
        api.getSwapGasPrice(projectId, at.chainId).then(
          ({ standard }) => ({ gasPrice: BigInt(standard) }),
          (error: unknown) => ({
            gasPriceError: translateError(store, new GasPriceNetworkUnsupportedError(messageOf(error))),
          }),
        ),
      ])
      if (target()?.key !== at.key) return
      store.set(swapTokensAtom, { key: at.key, status: 'ready', data, ...gas })
      const bySymbol = (symbol: string | undefined) =>
        data.find((t) => t.symbol.toLowerCase() === symbol?.toLowerCase())?.address
      const form = store.get(swapFormAtom)
      const known = (address: string | undefined) => data.some((t) => t.address === address)
      if (initial === applied && known(form.from) && (form.to === undefined || known(form.to))) return
      if (initial !== applied && busy()) return
      applied = initial
      setForm({
        from:
          bySymbol(initial?.fromToken) ??
          (known(form.from) ? form.from : `${at.chainId}:${NATIVE_TOKEN_ADDRESS}`),
        to: bySymbol(initial?.toToken) ?? (known(form.to) ? form.to : undefined),
        ...(initial?.amount ? { amount: initial.amount } : {}),
      })
    } catch (error) {
      if (target()?.key === at.key)
        store.set(swapTokensAtom, { key: at.key, status: 'error', data: [], error: messageOf(error) })
    }
  }

  return {
    loadTokens,
    setAmount: (amount: string) => edit({ amount: amount.replace(/[^0-9.]/g, '') }),
    setFrom: (from: string) =>
      edit(from === store.get(swapFormAtom).to ? { from, to: store.get(swapFormAtom).from } : { from }),
    setTo: (to: string) =>
      edit(to === store.get(swapFormAtom).from ? { to, from: store.get(swapFormAtom).to } : { to }),
    flip: () => edit({ from: store.get(swapFormAtom).to, to: store.get(swapFormAtom).from }),
    setSlippage: (slippage: string) => edit({ slippage }),
    /** Approve (when the router's allowance is short), then swap; a toast says how it ended. */
    async swap(): Promise<void> {
      const form = store.get(swapFormAtom)
      const at = target()
      const from = token(form.from)
      const amount = from && toBaseUnits(form.amount, from.decimals)
      if (!at || !from || !form.to || !amount) return
      const send = async (tx: Parameters<typeof sendEvmTransaction>[0]['tx']) => {
        const hash = await sendEvmTransaction({
          tx,
          network: at.network,
          connectorId: at.account.connectorId,
          host: deps.host(),
          connector: deps.connector(),
        })
        const read = (method: string, params: unknown[]) => api.rpc(projectId, at.chainId, method, params)
        if (!(await waitForReceipt(read, hash, deps.sleep)))
          throw new Error(translate(store, 'swap.reverted'))
        return hash
      }
      const query = { userAddress: at.user, from: from.address, to: form.to }
      // AppKit's swap events, with what is swapped.
      const swapped = {
        network: at.network.caipNetworkId,
        from: from.symbol,
        to: token(form.to)?.symbol ?? form.to,
        amount: form.amount,
      }
      deps.analytics.track('INITIATE_SWAP', swapped)
      let approving = false
      try {
        if (!from.address.endsWith(NATIVE_TOKEN_ADDRESS)) {
          const allowance = await api.getSwapAllowance(projectId, {
            tokenAddress: from.address,
            userAddress: at.user,
          })
          if (allowance < amount) {
            store.set(swapFlowAtom, { status: 'approving' })
            approving = true
            await send(await api.buildSwapApprove(projectId, { ...query, amount: amount.toString() }))
          }
        }
        approving = false
        store.set(swapFlowAtom, { status: 'swapping' })
        const built = await api.buildSwapTransaction(projectId, {
          ...query,
          amount: amount.toString(),
          slippage: form.slippage,
        })
        const hash = await send(built.tx)
        store.set(swapFlowAtom, { status: 'done', hash })
        store.set(swapFormAtom, (f) => ({ ...f, amount: '' }))
        store.set(swapQuoteAtom, { status: 'idle' })
        deps.analytics.track('SWAP_SUCCESS', { ...swapped, hash })
        deps.notices.showToast('success', translate(store, 'swap.completed'))
        await Promise.all([loadTokens(), deps.refreshBalances()])
      } catch (error) {
        store.set(swapFlowAtom, { status: 'failed', message: messageOf(error) })
        deps.notices.showToast('error', translateError(store, messageOf(error)))
        const failed = { ...swapped, message: messageOf(error) }
        if (isUserRejection(error)) deps.analytics.track('USER_REJECTED', failed)
        else deps.analytics.track(approving ? 'SWAP_APPROVAL_ERROR' : 'SWAP_ERROR', failed)
      }
    },
  }
}

export type SwapActions = ReturnType<typeof createSwapActions>
