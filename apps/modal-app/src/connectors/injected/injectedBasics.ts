import {
  FailedToConnectError,
  type HostClient,
  injectedConnectorId,
  isInjectedConnector,
  type Namespace,
  type RestoredInjected,
} from '@modalkit/protocol'
import {
  accountsAtom,
  announcedWalletsAtom,
  connectingWalletAtom,
  historyAtom,
  type Store,
} from '../../state/atoms.ts'
import { pushView } from '../../state/viewStack.ts'
import type { ConnectorDescription } from '../Connector.ts'

// What the host page's browser wallets answer without their connector's code (it loads on
// first need): read from the atoms by the stand-in the modal starts with (registry.ts) and by the
// connector itself, so the two never disagree.

/** Whether a browser wallet of the host page is the connected EVM account (asked for `namespace`). */
export function isInjectedConnected(store: Store, namespace?: Namespace): boolean {
  if (namespace !== undefined && namespace !== 'eip155') return false
  const evm = store.get(accountsAtom).find((a) => a.namespace === 'eip155')
  return evm?.status === 'connected' && isInjectedConnector(evm.connectorId)
}

/** A browser wallet in ProfileWallets: its EIP-6963 name and icon. */
export function describeInjected(store: Store, connectorId: string): ConnectorDescription {
  const wallet = store.get(announcedWalletsAtom).find((w) => injectedConnectorId(w) === connectorId)
  return { name: wallet?.name ?? 'Browser wallet', icon: wallet?.icon }
}

/**
 * The browser wallet the loader reconnected from the visitor's last visit (it asks by eth_accounts,
 * which never prompts); undefined when none, or when the loader could not say.
 */
export async function restorableInjected(
  host: () => HostClient | undefined,
): Promise<RestoredInjected | undefined> {
  return (
    (await host()
      ?.restoreInjected()
      .catch(() => undefined)) ?? undefined
  )
}

/** A browser wallet's connect that could not start (its code did not load): shown failed, with a retry. */
export function injectedConnectFailed(store: Store, uuid: string): void {
  const wallet = store.get(announcedWalletsAtom).find((w) => w.uuid === uuid)
  if (!wallet) return
  store.set(connectingWalletAtom, { wallet, error: new FailedToConnectError().shortMessage })
  store.set(historyAtom, (history) => pushView(history, 'ConnectingExternal'))
}
