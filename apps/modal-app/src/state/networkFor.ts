import type { Namespace } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'
import { accountsAtom, networksAtom, type Store } from './atoms.ts'
import { selectedNetworkAtom } from './derivedAtoms.ts'

/**
 * The network a request of `namespace` is for: the selected one when it is of that namespace, else
 * the one the namespace's account is on, else the first configured one of it.
 */
export function networkFor(store: Store, namespace: Namespace): Network | undefined {
  const selected = store.get(selectedNetworkAtom)
  if (selected?.chainNamespace === namespace) return selected
  const networks = store.get(networksAtom)
  const account = store.get(accountsAtom).find((a) => a.namespace === namespace)
  const chain = account?.caipAddress?.split(':').slice(0, 2).join(':')
  return (
    networks.find((n) => n.caipNetworkId === chain) ?? networks.find((n) => n.chainNamespace === namespace)
  )
}
