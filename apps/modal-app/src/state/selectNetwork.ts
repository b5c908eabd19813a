import type { Namespace } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'
import { accountsAtom, activeChainAtom, type Store, selectedNetworkIdAtom } from './atoms.ts'

/**
 * Makes `network` the selected one and its chain family the active one; the account of that
 * namespace moves onto it (its CAIP-10 id names the chain).
 */
export function selectNetwork(store: Store, network: Network): void {
  store.set(selectedNetworkIdAtom, network.caipNetworkId as `${Namespace}:${string}`)
  store.set(activeChainAtom, network.chainNamespace)
  const account = store.get(accountsAtom).find((a) => a.namespace === network.chainNamespace)
  if (!account?.address) return
  store.set(accountsAtom, (accounts) =>
    accounts.map((a) =>
      a.namespace === network.chainNamespace && a.address
        ? { ...a, caipAddress: `${network.caipNetworkId}:${a.address}` as const }
        : a,
    ),
  )
}
