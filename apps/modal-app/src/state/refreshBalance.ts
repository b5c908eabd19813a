import type { ApiClient } from '../api/createApiClient.ts'
import { activeChainAtom, type Store } from './atoms.ts'
import { activeAccountAtom, selectedNetworkAtom } from './derivedAtoms.ts'
import { BALANCE_REFRESH_LIMIT_MS, nativeBalanceAtom, readNativeBalance } from './nativeBalance.ts'

/**
 * Reads the active account's native balance (SPEC §4: on open, and after an unsafe request before
 * the modal closes); never waits longer than BALANCE_REFRESH_LIMIT_MS, and a failure keeps the old.
 */
export async function refreshBalance(
  store: Store,
  api: Pick<ApiClient, 'rpc'>,
  projectId: string,
): Promise<void> {
  const namespace = store.get(activeChainAtom)
  const account = store.get(activeAccountAtom)
  const network = store.get(selectedNetworkAtom)
  if (!network || account?.status !== 'connected' || network.chainNamespace !== namespace) return
  const read = readNativeBalance(api, projectId, network, account).then(
    (balance) => {
      if (balance) store.set(nativeBalanceAtom, balance)
    },
    (error: unknown) => console.warn('[appkit] could not read the balance', error),
  )
  await Promise.race([read, new Promise((resolve) => setTimeout(resolve, BALANCE_REFRESH_LIMIT_MS))])
}
