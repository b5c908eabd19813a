import {
  type AccountState,
  AppKitError,
  type BitcoinWalletAccount,
  type BitcoinWalletEvent,
  type BitcoinWalletRequest,
  bitcoinNetworkOfAddress,
  bitcoinWalletConnectorId,
  ChainNotSupportedError,
  ConnectionRejectedError,
  FailedToConnectError,
  type HostClient,
  isBitcoinMethod,
  isBitcoinWalletConnector,
  type Namespace,
  type RestoredBitcoinWallet,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'
import {
  accountsAtom,
  activeChainAtom,
  bitcoinWalletsAtom,
  connectingWalletAtom,
  historyAtom,
  networksAtom,
} from '../../state/atoms.ts'
import type { ModalContext } from '../../state/ModalContext.ts'
import { selectNetwork } from '../../state/selectNetwork.ts'
import { setPendingStatus } from '../../state/setPendingStatus.ts'
import { pushView } from '../../state/viewStack.ts'
import type { Connector } from '../Connector.ts'
import {
  describeBitcoinWallet,
  isBitcoinWalletConnected,
  restorableBitcoinWallet,
} from './bitcoinWalletBasics.ts'

export type BitcoinWalletContext = ModalContext & {
  /** The host loader, which calls the page's Bitcoin browser wallets in the host page. */
  host: () => HostClient | undefined
  assertAllowed: () => void
}

/**
 * The host page's Bitcoin browser wallets (Bitcoin Wallet Standard, sats-connect) from the modal's
 * side: the loader calls them in the host page, so each sees the site's origin and asks its user
 * there. The account is the wallet's payment address, on the configured Bitcoin network its address
 * is of; the site's bip122 requests reach it after `sendBitcoinRequest` parsed them and filled in
 * that account, and its replies are parsed there again.
 */
export function createBitcoinWalletConnector(ctx: BitcoinWalletContext) {
  const { store } = ctx
  const bitcoinAccount = () => store.get(accountsAtom).find((a) => a.namespace === 'bip122')
  const connected = () => isBitcoinWalletConnected(store)
  /** The configured network an address is of, if the site has it. */
  const networkOf = (address: string) => {
    const chain = bitcoinNetworkOfAddress(address)
    return store.get(networksAtom).find((n) => n.caipNetworkId === chain)
  }
  const setAccount = (account: AccountState) =>
    store.set(accountsAtom, (accounts) => [...accounts.filter((a) => a.namespace !== 'bip122'), account])
  const accountState = (
    first: BitcoinWalletAccount,
    network: Network,
    connectorId: string,
  ): AccountState => ({
    namespace: 'bip122',
    status: 'connected',
    address: first.address,
    caipAddress: `${network.caipNetworkId as `bip122:${string}`}:${first.address}`,
    type: 'eoa',
    connectorId,
  })
  const leave = () => {
    setAccount({ namespace: 'bip122', status: 'disconnected' })
    ctx
      .host()
      ?.disconnectBitcoinWallet()
      .catch(() => {})
    ctx.events.emit('DISCONNECT_SUCCESS')
  }

  const connect = async (id: string) => {
    ctx.assertAllowed()
    const wallet = store.get(bitcoinWalletsAtom).find((w) => w.id === id)
    const client = ctx.host()
    if (!wallet || !client) return
    const shown = { uuid: wallet.id, name: wallet.name, icon: wallet.icon }
    store.set(connectingWalletAtom, { wallet: shown, bitcoin: true })
    store.set(historyAtom, (history) => pushView(history, 'ConnectingExternal'))
    store.set(accountsAtom, (accounts) => setPendingStatus(accounts, ['bip122'], 'connecting'))
    ctx.analytics.track('SELECT_WALLET', { name: wallet.name })
    try {
      const [first] = (await client.connectBitcoinWallet({ id })).accounts
      const network = first && networkOf(first.address)
      if (!first || !network) {
        await client.disconnectBitcoinWallet().catch(() => {})
        throw new ChainNotSupportedError(first ? (bitcoinNetworkOfAddress(first.address) ?? '') : '')
      }
      setAccount(accountState(first, network, bitcoinWalletConnectorId(wallet)))
      selectNetwork(store, network)
      store.set(connectingWalletAtom, undefined)
      ctx.analytics.track('CONNECT_SUCCESS', { name: wallet.name })
      ctx.close()
    } catch (error) {
      store.set(accountsAtom, (accounts) => setPendingStatus(accounts, ['bip122'], 'disconnected'))
      const { shortMessage: message } =
        error instanceof AppKitError && error.code === 4001
          ? new ConnectionRejectedError()
          : new FailedToConnectError()
      store.set(connectingWalletAtom, { wallet: shown, bitcoin: true, error: message })
      ctx.analytics.track('CONNECT_ERROR', { message })
    }
  }

  /** The connected wallet's events: another payment address moves the account; none left disconnects it. */
  const onEvent = (event: BitcoinWalletEvent) => {
    const account = bitcoinAccount()
    if (!connected() || !account?.connectorId) return
    const [first] = event.type === 'accountsChanged' ? event.accounts : []
    const network = first && networkOf(first.address)
    if (!first || !network) {
      leave()
      return
    }
    setAccount(accountState(first, network, account.connectorId))
    selectNetwork(store, network)
  }

  /**
   * The loader keeps which Bitcoin wallet the site's visitor used last and asks it in ways that
   * never prompt: connected again without a view or an event, unless a Bitcoin account was connected
   * meanwhile. On a Bitcoin network, the one its address is of is selected.
   */
  const adopt = async (restored: RestoredBitcoinWallet): Promise<void> => {
    const [first] = restored.accounts
    const network = first && networkOf(first.address)
    // Not taken: let go in the loader only (asking the wallet to disconnect would end its grant).
    if (!first || !network || bitcoinAccount()?.status === 'connected') {
      await ctx
        .host()
        ?.releaseBitcoinWallet()
        .catch(() => {})
      return
    }
    setAccount(accountState(first, network, bitcoinWalletConnectorId(restored.wallet)))
    if (store.get(activeChainAtom) === 'bip122') selectNetwork(store, network)
  }

  const connector: Connector<string> = {
    owns: isBitcoinWalletConnector,
    isConnected: (namespace?: Namespace) => isBitcoinWalletConnected(store, namespace),
    connect,
    // sendBitcoinRequest parsed the site's params and filled in the connected account already; the
    // loader parses the request again and says it in the wallet's dialect.
    request: async ({ method, params }) => {
      const client = ctx.host()
      if (!isBitcoinMethod(method) || !client) throw new UnsupportedMethodError(method)
      return client.bitcoinWalletRequest({ method, params } as BitcoinWalletRequest)
    },
    // A browser wallet's address is of one network. For another, the loader asks the wallet: a
    // sats-connect wallet changes its network (its own prompt), a Wallet Standard wallet gives the
    // account it authorized there; without one there, it is refused and the account stays.
    switchChain: async (network: Network) => {
      const account = bitcoinAccount()
      const client = ctx.host()
      if (!account?.address || !account.connectorId || !connected() || !client)
        throw new ChainNotSupportedError(network.caipNetworkId)
      if (bitcoinNetworkOfAddress(account.address) === network.caipNetworkId) return
      const { accounts } = await client.switchBitcoinWalletNetwork({ caipNetworkId: network.caipNetworkId })
      const first = accounts.find((a) => bitcoinNetworkOfAddress(a.address) === network.caipNetworkId)
      if (!first) throw new ChainNotSupportedError(network.caipNetworkId)
      setAccount(accountState(first, network, account.connectorId))
    },
    async disconnect(connectorId) {
      await ctx.host()?.disconnectBitcoinWallet()
      if (connectorId === undefined || bitcoinAccount()?.connectorId !== connectorId) return
      setAccount({ namespace: 'bip122', status: 'disconnected' })
      ctx.events.emit('DISCONNECT_SUCCESS')
    },
    restore: async () => {
      const restored = await restorableBitcoinWallet(store, ctx.host)
      if (restored) await adopt(restored)
    },
    preload: () => {},
    describe: (connectorId) => describeBitcoinWallet(store, connectorId),
  }
  return { ...connector, onEvent, adopt }
}

export type BitcoinWalletConnector = ReturnType<typeof createBitcoinWalletConnector>
