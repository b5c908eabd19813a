import type { Namespace } from '@modalkit/protocol'
import { accountsAtom, type Store } from '../state/atoms.ts'

/** Whether a wallet of `connectorId` is the connected account of `namespace` (of any, without one). */
export function hasConnectedAccount(store: Store, connectorId: string, namespace?: Namespace): boolean {
  return store
    .get(accountsAtom)
    .some(
      (a) =>
        a.connectorId === connectorId &&
        a.status === 'connected' &&
        (namespace === undefined || a.namespace === namespace),
    )
}
