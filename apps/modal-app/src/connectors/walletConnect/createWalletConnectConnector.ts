import {
  type AccountState,
  AppKitError,
  FailedToConnectError,
  type Namespace,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@modalkit/protocol'
import { log } from '../../log.ts'
import { universalProviderAlert } from '../../state/alerts.ts'
import {
  accountsAtom,
  historyAtom,
  networksAtom,
  openAtom,
  recentWalletsAtom,
  selectedDirectoryWalletAtom,
  selectedNetworkIdAtom,
  walletConnectApprovedAtom,
  walletConnectAtom,
} from '../../state/atoms.ts'
import type { ConnectionTracker } from '../../state/connections.ts'
import type { ModalContext } from '../../state/ModalContext.ts'
import { addRecentWallet, writeRecentWallets } from '../../state/recentWallets.ts'
import { selectNetwork } from '../../state/selectNetwork.ts'
import { setPendingStatus } from '../../state/setPendingStatus.ts'
import type { Connector } from '../Connector.ts'
import { buildNamespaces } from './buildNamespaces.ts'
import type { WalletConnectClient } from './createWalletConnectClient.ts'
import { accountOnChain, approvedChains, type SessionNamespaces, sessionAccounts } from './sessionAccounts.ts'
import {
  assertWalletConnectChain,
  describeWalletConnect,
  isWalletConnectConnected,
} from './walletConnectBasics.ts'

/** What the WalletConnect actions need of the controller. */
export type WalletConnectContext = ModalContext & {
  /** The WalletConnect SDK, loaded on first use. */
  client: WalletConnectClient
  /** The chain RPC URL wallets and the provider use for reads: the API's proxy. */
  rpcUrl(caipNetworkId: string): string
  connections: () => Pick<ConnectionTracker, 'forget'>
  /** SPEC §8: an alert shown once per page load (the relay's refusals of the client). */
  alertOnce(error: AppKitError): void
}

/** The namespaces WalletConnect serves here. */
const WC_NAMESPACES: readonly Namespace[] = ['eip155', 'solana', 'bip122']

/**
 * Connecting and using a wallet over WalletConnect (SPEC §2 ConnectingWalletConnect, §4, §5): plain
 * functions over the atoms, like the rest of the controller.
 */
export function createWalletConnectConnector(ctx: WalletConnectContext) {
  const { store, client } = ctx
  /** The EVM methods the wallet approved for the session. */
  let approvedMethods: string[] = []
  /** The session's namespaces, for the account of a network switched to. */
  let session: SessionNamespaces = {}
  /** Bumped by each attempt and by `cancel`, so a stale attempt's failure is not shown. */
  let attempts = 0

  const owned = (a: AccountState) => a.connectorId === WALLET_CONNECT_CONNECTOR_ID
  const isConnected = (namespace?: Namespace) => isWalletConnectConnected(store, namespace)

  const setStatus = (status: 'connecting' | 'disconnected') =>
    store.set(accountsAtom, (accounts) => setPendingStatus(accounts, WC_NAMESPACES, status))

  /** Applies a session: its accounts, and a selected network the wallet approved. */
  const applySession = (namespaces: SessionNamespaces) => {
    const approved = approvedChains(namespaces)
    session = namespaces
    store.set(walletConnectApprovedAtom, approved)
    approvedMethods = namespaces.eip155?.methods ?? []
    const networks = store.get(networksAtom)
    const selected = store.get(selectedNetworkIdAtom)
    const preferred = networks.filter((n) => approved.includes(n.caipNetworkId)).map((n) => n.caipNetworkId)
    const accounts = sessionAccounts(
      namespaces,
      selected && approved.includes(selected) ? [selected, ...preferred] : preferred,
    )
    store.set(accountsAtom, (current) => [
      ...current.filter((a) => !accounts.some((b) => b.namespace === a.namespace)),
      ...accounts,
    ])
    if (!selected || !approved.includes(selected)) {
      const first = networks.find((n) => approved.includes(n.caipNetworkId))
      if (first) selectNetwork(store, first)
    }
  }

  const onDisconnected = () => {
    store.set(walletConnectApprovedAtom, [])
    approvedMethods = []
    session = {}
    // Ended while another wallet was active (multiWallet): it only leaves the list.
    ctx.connections().forget(WALLET_CONNECT_CONNECTOR_ID)
    if (!isConnected()) return
    store.set(accountsAtom, (accounts) =>
      accounts.map((a) => (owned(a) ? { namespace: a.namespace, status: 'disconnected' as const } : a)),
    )
    ctx.events.emit('DISCONNECT_SUCCESS')
  }

  client.setEvents({
    session: applySession,
    disconnected: onDisconnected,
    chainChanged(caipNetworkId: string) {
      const network = store.get(networksAtom).find((n) => n.caipNetworkId === caipNetworkId)
      if (network) selectNetwork(store, network)
      else {
        store.set(historyAtom, ['UnsupportedChain'])
        store.set(openAtom, true)
      }
    },
  })

  const assertChainApproved = (caipNetworkId: string) => assertWalletConnectChain(store, caipNetworkId)

  const connector: Connector = {
    owns: (connectorId) => connectorId === WALLET_CONNECT_CONNECTOR_ID,
    isConnected,

    preload: () => client.preload(),

    /** Restores a session from an earlier visit. */
    async restore(): Promise<void> {
      const namespaces = await client.restore().catch(() => undefined)
      if (namespaces) applySession(namespaces)
    },

    /** Pairs: the view shows each URI as a QR code until a wallet approves (then the modal closes). */
    async connect(): Promise<void> {
      const mine = ++attempts
      store.set(walletConnectAtom, {})
      setStatus('connecting')
      ctx.analytics.track('SELECT_WALLET', {
        name: store.get(selectedDirectoryWalletAtom)?.name ?? 'WalletConnect',
      })
      try {
        const proposal = buildNamespaces(store.get(networksAtom), ctx.rpcUrl)
        const namespaces = await client.connect(proposal, (uri, expiresAt) =>
          store.set(walletConnectAtom, { uri, expiresAt }),
        )
        // A QR code scanned after the attempt was left: that session is not wanted.
        if (mine !== attempts) {
          await client.disconnect()
          return
        }
        applySession(namespaces)
        // A namespace proposed but not approved (a wallet without Bitcoin) is not left 'connecting'.
        setStatus('disconnected')
        store.set(walletConnectAtom, undefined)
        const picked = store.get(selectedDirectoryWalletAtom)
        // The site's own wallets are its word only: the recent list is the modal origin's, every site's.
        if (picked && !picked.custom) {
          const recent = addRecentWallet(store.get(recentWalletsAtom), picked)
          store.set(recentWalletsAtom, recent)
          writeRecentWallets(ctx.storage, recent)
        }
        ctx.analytics.track('CONNECT_SUCCESS', { name: picked?.name ?? 'WalletConnect' })
        ctx.close()
      } catch (error) {
        if (mine !== attempts || isConnected()) return
        log.error('WalletConnect connection failed', error)
        setStatus('disconnected')
        const message =
          error instanceof Error && 'shortMessage' in error
            ? String(error.shortMessage)
            : new FailedToConnectError().shortMessage
        store.set(walletConnectAtom, { error: message })
        ctx.analytics.track('CONNECT_ERROR', { message })
        const alert = error instanceof AppKitError ? universalProviderAlert(error) : undefined
        if (alert) ctx.alertOnce(alert)
      }
    },

    /**
     * The paired wallet's own UI asks the user, on the request's network (read as it arrived, so a
     * switch the page sends after it cannot move it); without one, the selected network of the
     * namespace, else the chain the session's account is on.
     */
    request({ namespace, method, params, network }) {
      if (network) return client.request(method, params, network.caipNetworkId)
      const selected = store
        .get(networksAtom)
        .find((n) => n.caipNetworkId === store.get(selectedNetworkIdAtom))
      const account = store.get(accountsAtom).find((a) => a.namespace === namespace)
      const session = account?.caipAddress?.split(':').slice(0, 2).join(':')
      const chain = selected?.chainNamespace === namespace ? selected.caipNetworkId : (session ?? '')
      return client.request(method, params, chain)
    },

    async switchChain(network) {
      assertChainApproved(network.caipNetworkId)
      // Bitcoin's address is per network: the session's account there becomes the connected one.
      const next =
        network.chainNamespace === 'bip122' ? accountOnChain(session, network.caipNetworkId) : undefined
      if (next)
        store.set(accountsAtom, (accounts) =>
          accounts.map((a) => (a.namespace === next.namespace && owned(a) ? next : a)),
        )
    },

    async disconnect(): Promise<void> {
      await client.disconnect()
      onDisconnected()
    },

    describe: () => describeWalletConnect(store),
  }

  return {
    ...connector,

    /** The view was left before a wallet answered. */
    cancel(): void {
      attempts++
      client.cancel()
      if (!isConnected()) setStatus('disconnected')
      store.set(walletConnectAtom, undefined)
    },

    /** Whether the session approved an EVM method (SPEC §8: else e.g. 'Fetching call status not approved…'). */
    approvesMethod: (method: string) => approvedMethods.includes(method),

    assertChainApproved,

    /** Sends a request to the paired wallet on `chain` (CAIP-2), as EIP-5792 routing picks it. */
    requestOn: (method: string, params: unknown, chain: string) => client.request(method, params, chain),
  }
}

export type WalletConnectConnector = ReturnType<typeof createWalletConnectConnector>
