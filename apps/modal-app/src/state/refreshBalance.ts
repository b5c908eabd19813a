import { CACHE_TTL_MS } from '@modalkit/shared'
import type { ApiClient } from '../api/createApiClient.ts'
import { log } from '../log.ts'
import { activeChainAtom, type Store } from './atoms.ts'
import { activeAccountAtom, selectedNetworkAtom } from './derivedAtoms.ts'
import { isFresh } from './isFresh.ts'
import { BALANCE_REFRESH_LIMIT_MS, nativeBalanceAtom, readNativeBalance } from './nativeBalance.ts'

export type RefreshBalanceOptions = {
  /** Read even a fresh balance: after the user's own transaction, which changed it. */
  force?: boolean
  now?: () => number
}

/**
 * Reads the active account's native balance (SPEC §4: on open, and after an unsafe request before
 * the modal closes); never waits longer than BALANCE_REFRESH_LIMIT_MS, and a failure keeps the old.
 * SPEC §9: a balance of the same account (its CAIP address names the chain too) read less than 30 s
 * ago is not asked again unless `force`; another account or chain is always read.
 */
export async function refreshBalance(
  store: Store,
  api: Pick<ApiClient, 'rpc'>,
  projectId: string,
  { force = false, now = Date.now }: RefreshBalanceOptions = {},
): Promise<void> {
  const namespace = store.get(activeChainAtom)
  const account = store.get(activeAccountAtom)
  const network = store.get(selectedNetworkAtom)
  if (!network || account?.status !== 'connected' || network.chainNamespace !== namespace) return
  const known = store.get(nativeBalanceAtom)
  const sameAccount = known !== undefined && known.caipAddress === account.caipAddress
  if (!force && sameAccount && isFresh(known.readAt, now(), CACHE_TTL_MS.nativeBalance)) return
  const readAt = now()
  const read = readNativeBalance(api, projectId, network, account).then(
    (balance) => {
      if (balance) store.set(nativeBalanceAtom, { ...balance, readAt })
    },
    (error: unknown) => log.warn('could not read the balance', error),
  )
  await Promise.race([read, new Promise((resolve) => setTimeout(resolve, BALANCE_REFRESH_LIMIT_MS))])
}
