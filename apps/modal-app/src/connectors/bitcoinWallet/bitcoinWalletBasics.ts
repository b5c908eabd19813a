import {
  bitcoinWalletConnectorId,
  FailedToConnectError,
  type HostClient,
  isBitcoinWalletConnector,
  type Namespace,
  type RestoredBitcoinWallet,
} from '@modalkit/protocol'
import { translate } from '../../i18n/translate.ts'
import {
  accountsAtom,
  bitcoinWalletsAtom,
  connectingWalletAtom,
  historyAtom,
  networksAtom,
  type Store,
} from '../../state/atoms.ts'
import { pushView } from '../../state/viewStack.ts'
import type { ConnectorDescription } from '../Connector.ts'

// What the host page's Bitcoin browser wallets answer without their connector's code (it
// loads on first need), read from the atoms by the stand-in (registry.ts) and the connector alike.

/** Whether a Bitcoin browser wallet of the host page is the connected bip122 account (asked for `namespace`). */
export function isBitcoinWalletConnected(store: Store, namespace?: Namespace): boolean {
  if (namespace !== undefined && namespace !== 'bip122') return false
  const account = store.get(accountsAtom).find((a) => a.namespace === 'bip122')
  return account?.status === 'connected' && isBitcoinWalletConnector(account.connectorId)
}

/** A Bitcoin browser wallet in ProfileWallets: its announced name and icon. */
export function describeBitcoinWallet(store: Store, connectorId: string): ConnectorDescription {
  const wallet = store.get(bitcoinWalletsAtom).find((w) => bitcoinWalletConnectorId(w) === connectorId)
  return { name: wallet?.name ?? translate(store, 'account.wallets.bitcoin'), icon: wallet?.icon }
}

/**
 * The Bitcoin browser wallet the loader reconnected from the visitor's last visit, asked in ways
 * that never prompt, when the site has a Bitcoin network; undefined when none, or when the loader
 * could not say.
 */
export async function restorableBitcoinWallet(
  store: Store,
  host: () => HostClient | undefined,
): Promise<RestoredBitcoinWallet | undefined> {
  if (!hasBitcoinNetwork(store)) return undefined
  return (
    (await Promise.resolve()
      .then(() => host()?.restoreBitcoinWallet())
      .catch(() => undefined)) ?? undefined
  )
}

/** Whether the site has a Bitcoin network: without one, its Bitcoin browser wallets are not offered. */
export function hasBitcoinNetwork(store: Store): boolean {
  return store.get(networksAtom).some((n) => n.chainNamespace === 'bip122')
}

/** A Bitcoin browser wallet's connect that could not start (its code did not load): shown failed. */
export function bitcoinWalletConnectFailed(store: Store, id: string): void {
  const wallet = store.get(bitcoinWalletsAtom).find((w) => w.id === id)
  if (!wallet) return
  const shown = { uuid: wallet.id, name: wallet.name, icon: wallet.icon }
  store.set(connectingWalletAtom, {
    wallet: shown,
    bitcoin: true,
    error: new FailedToConnectError().shortMessage,
  })
  store.set(historyAtom, (history) => pushView(history, 'ConnectingExternal'))
}
