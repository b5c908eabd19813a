import { ChainNotSupportedError, type Namespace, WALLET_CONNECT_CONNECTOR_ID } from '@modalkit/protocol'
import {
  recentWalletsAtom,
  type Store,
  selectedDirectoryWalletAtom,
  walletConnectApprovedAtom,
} from '../../state/atoms.ts'
import { readRecentWallets } from '../../state/recentWallets.ts'
import type { ConnectorDescription } from '../Connector.ts'
import { hasConnectedAccount } from '../hasConnectedAccount.ts'

// What WalletConnect answers without its code (the connector, its client and the SDK load
// on first need): read from the atoms by the stand-in the modal starts with
// (createLazyWalletConnectConnector.ts) and by the connector itself, so the two never disagree.

/** Whether a wallet paired over WalletConnect is the connected account of `namespace` (of any, without one). */
export function isWalletConnectConnected(store: Store, namespace?: Namespace): boolean {
  return hasConnectedAccount(store, WALLET_CONNECT_CONNECTOR_ID, namespace)
}

/** SPEC §5: a chain switch on WalletConnect needs a chain the session approved. */
export function assertWalletConnectChain(store: Store, caipNetworkId: string): void {
  if (!store.get(walletConnectApprovedAtom).includes(caipNetworkId))
    throw new ChainNotSupportedError(caipNetworkId)
}

/** The paired wallet in ProfileWallets: the directory's entry picked to connect it. */
export function describeWalletConnect(store: Store): ConnectorDescription {
  const wallet = store.get(selectedDirectoryWalletAtom)
  return { name: wallet?.name ?? 'WalletConnect', icon: wallet?.imageUrl || undefined }
}

/** The wallets connected over WalletConnect on earlier visits (the Connect view's recent list). */
export function loadRecentWallets(store: Store, storage: Storage | undefined): void {
  store.set(recentWalletsAtom, readRecentWallets(storage))
}
