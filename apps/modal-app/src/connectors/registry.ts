import {
  type AppKitError,
  type HostClient,
  isBitcoinWalletConnector,
  isInjectedConnector,
  type Namespace,
} from '@modalkit/protocol'
import { accountsAtom } from '../state/atoms.ts'
import type { ConnectionTracker } from '../state/connections.ts'
import type { ModalContext } from '../state/ModalContext.ts'
import {
  bitcoinWalletConnectFailed,
  describeBitcoinWallet,
  hasBitcoinNetwork,
  isBitcoinWalletConnected,
  restorableBitcoinWallet,
} from './bitcoinWallet/bitcoinWalletBasics.ts'
import type { Connector } from './Connector.ts'
import { createLazyHostWalletConnector } from './createLazyHostWalletConnector.ts'
import type { FrameClient } from './embedded/createFrameClient.ts'
import { createLazyEmbeddedConnector } from './embedded/createLazyEmbeddedConnector.ts'
import {
  describeInjected,
  injectedConnectFailed,
  isInjectedConnected,
  restorableInjected,
} from './injected/injectedBasics.ts'
import { createLazyWalletConnectConnector } from './walletConnect/createLazyWalletConnectConnector.ts'
import type { WalletConnectClient } from './walletConnect/createWalletConnectClient.ts'

/** What the connectors are built from: the modal's context and the outside parts each kind talks to. */
export type ConnectorDeps = ModalContext & {
  projectId: string
  version: string
  /** The host loader, once the channel is up: it calls the site's browser wallets. */
  host: () => HostClient | undefined
  /**
   * WalletConnect's client, when a relay is configured: its code loaded with the connector's (once;
   * again only after a load that failed).
   */
  loadWalletConnect: (() => Promise<WalletConnectClient>) | undefined
  /**
   * The secure frame of the embedded wallet: its client's code, loaded with the embedded wallet's
   * (once; again only after a load that failed, before any frame was made), then the frame itself,
   * created on first use.
   */
  loadFrame: (() => Promise<() => FrameClient>) | undefined
  authOrigin: string
  rpcUrl(caipNetworkId: string): string
  assertAllowed(): void
  refreshBalance(): Promise<void>
  connections(): ConnectionTracker
  /** SPEC §8: an alert shown once per page load (the WalletConnect relay's refusals). */
  alertOnce(error: AppKitError): void
}

/**
 * Every kind of wallet the modal connects, one line each (a kind missing its outside part, such as
 * WalletConnect without a relay, is left out). A new kind is a folder under `connectors/` and a
 * line here; the core reaches them through `connectorList` and `activeConnector`.
 */
export function createConnectors(deps: ConnectorDeps) {
  const { loadWalletConnect, loadFrame, store } = deps
  return {
    // The host page's wallets: their code comes with the first open (or a kept connection), not
    // with the first view.
    injected: createLazyHostWalletConnector(
      {
        owns: isInjectedConnector,
        isConnected: (namespace) => isInjectedConnected(store, namespace),
        describe: (connectorId) => describeInjected(store, connectorId),
        restorable: () => restorableInjected(deps.host),
        connectFailed: (uuid: string) => injectedConnectFailed(store, uuid),
        wanted: () => true,
      },
      async () => (await import('./injected/createInjectedConnector.ts')).createInjectedConnector(deps),
    ),
    bitcoinWallet: createLazyHostWalletConnector(
      {
        owns: isBitcoinWalletConnector,
        isConnected: (namespace) => isBitcoinWalletConnected(store, namespace),
        describe: (connectorId) => describeBitcoinWallet(store, connectorId),
        restorable: () => restorableBitcoinWallet(store, deps.host),
        connectFailed: (id: string) => bitcoinWalletConnectFailed(store, id),
        wanted: () => hasBitcoinNetwork(store),
      },
      async () =>
        (await import('./bitcoinWallet/createBitcoinWalletConnector.ts')).createBitcoinWalletConnector(deps),
    ),
    walletConnect: loadWalletConnect
      ? createLazyWalletConnectConnector(deps, async () => {
          const [{ createWalletConnectConnector }, client] = await Promise.all([
            import('./walletConnect/createWalletConnectConnector.ts'),
            loadWalletConnect(),
          ])
          return createWalletConnectConnector({ ...deps, client })
        })
      : undefined,
    embedded: loadFrame
      ? createLazyEmbeddedConnector(deps, async () => {
          const [{ createEmbeddedConnector }, frame] = await Promise.all([
            import('./embedded/createEmbeddedConnector.ts'),
            loadFrame(),
          ])
          return createEmbeddedConnector({ ...deps, frame })
        })
      : undefined,
  }
}

export type Connectors = ReturnType<typeof createConnectors>

/** The connectors present, as the core sees them. */
export function connectorList(connectors: Connectors): Connector<never>[] {
  return Object.values(connectors).filter((c): c is NonNullable<typeof c> => c !== undefined)
}

/** The connector that owns a connector id (an account's). */
export function connectorOf(
  connectors: Connectors,
  connectorId: string | undefined,
): Connector<never> | undefined {
  return connectorList(connectors).find((c) => c.owns(connectorId))
}

/** The connector of the wallet connected and active in `namespace`, if any. */
export function activeConnector(
  connectors: Connectors,
  store: ModalContext['store'],
  namespace: Namespace,
): Connector<never> | undefined {
  const account = store.get(accountsAtom).find((a) => a.namespace === namespace && a.status === 'connected')
  return connectorOf(connectors, account?.connectorId)
}
