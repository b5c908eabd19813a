import { TokenBalanceUnavailableError, TransactionsFetchFailedError } from '@modalkit/protocol'
import type { ApiClient } from '../../api/createApiClient.ts'
import { translateError } from '../../i18n/flows/describeError.ts'
import type { Store } from '../atoms.ts'
import type { Notices } from '../createNotices.ts'
import { activeAccountAtom, selectedNetworkAtom } from '../derivedAtoms.ts'
import { nftsAtom, tokensAtom, tokensStaleAtom, transactionsAtom } from './accountDataAtoms.ts'
import { emptyTransactions, failFetch, receivePage, startFetch } from './transactionsRules.ts'

export type AccountDataDeps = {
  store: Store
  api: Pick<ApiClient, 'getSupportedChains' | 'getBalances' | 'getNfts' | 'getHistory'>
  projectId: string
  notices: Pick<Notices, 'showToast'>
}

/**
 * The Account view's reads: balances, NFTs and history of the active account on the
 * selected network (SPEC §5: history filtered to the connected chain). A failed balance read shows
 * 'Token Balance Unavailable', a failed history read 'Failed to fetch transactions' (SPEC §8), and
 * leaves an empty list behind, never a stale one.
 */
export function createAccountDataActions({ store, api, projectId, notices }: AccountDataDeps) {
  let supported: Promise<string[]> | undefined
  /** SPEC §7: every data call is skipped on a network the data API does not serve. */
  const isSupported = async (chainId: string): Promise<boolean> => {
    supported ??= api.getSupportedChains(projectId).catch((error: unknown) => {
      supported = undefined
      throw error
    })
    // Unknown (the list failed): try the call, whose own failure then shows.
    return (await supported.catch(() => [chainId])).includes(chainId)
  }
  const target = async () => {
    const account = store.get(activeAccountAtom)
    const network = store.get(selectedNetworkAtom)
    if (account?.status !== 'connected' || !account.address || !network) return undefined
    const chainId = network.caipNetworkId
    const key = `${chainId}|${account.address}`
    return { address: account.address, chainId, key, supported: await isSupported(chainId) }
  }
  return {
    async loadTokens(forceUpdate = false): Promise<void> {
      const at = await target()
      if (!at) return
      if (!at.supported) return store.set(tokensAtom, { key: at.key, status: 'ready', data: [] })
      store.set(tokensAtom, (old) => ({
        key: at.key,
        status: 'loading',
        data: old?.key === at.key ? old.data : [],
      }))
      try {
        const force = forceUpdate || store.get(tokensStaleAtom)
        store.set(tokensStaleAtom, false)
        const data = await api.getBalances(projectId, {
          address: at.address,
          chainId: at.chainId,
          forceUpdate: force,
        })
        if (store.get(tokensAtom)?.key === at.key)
          store.set(tokensAtom, { key: at.key, status: 'ready', data })
      } catch {
        if (store.get(tokensAtom)?.key !== at.key) return
        store.set(tokensAtom, { key: at.key, status: 'error', data: [] })
        notices.showToast('error', translateError(store, new TokenBalanceUnavailableError()))
      }
    },
    async loadNfts(): Promise<void> {
      const at = await target()
      if (!at) return
      if (!at.supported) return store.set(nftsAtom, { key: at.key, status: 'ready', data: [] })
      store.set(nftsAtom, (old) => ({
        key: at.key,
        status: 'loading',
        data: old?.key === at.key ? old.data : [],
      }))
      try {
        const data = await api.getNfts(projectId, { address: at.address, chainId: at.chainId })
        if (store.get(nftsAtom)?.key === at.key) store.set(nftsAtom, { key: at.key, status: 'ready', data })
      } catch {
        if (store.get(nftsAtom)?.key === at.key)
          store.set(nftsAtom, { key: at.key, status: 'error', data: [] })
      }
    },
    /** The first page, or with `more` the page after the cursor. */
    async loadTransactions(more = false): Promise<void> {
      const at = await target()
      if (!at) return
      if (!at.supported) return store.set(transactionsAtom, { ...emptyTransactions(at.key), empty: true })
      const current = store.get(transactionsAtom)
      if (current.key === at.key && current.loading) return
      if (more && (current.key !== at.key || !current.next)) return
      const cursor = more ? current.next : undefined
      store.set(transactionsAtom, startFetch(more ? current : { ...current, key: '' }, at.key))
      try {
        const page = await api.getHistory(projectId, {
          address: at.address,
          chainId: at.chainId,
          ...(cursor ? { cursor } : {}),
        })
        store.set(transactionsAtom, (state) => receivePage(state, at.key, page))
      } catch {
        store.set(transactionsAtom, (state) => failFetch(state, at.key))
        notices.showToast('error', translateError(store, new TransactionsFetchFailedError()))
      }
    },
  }
}

export type AccountDataActions = ReturnType<typeof createAccountDataActions>
