import {
  type AccountState,
  AppKitError,
  ConnectionRejectedError,
  FailedToConnectError,
  type HostClient,
  type InjectedEvent,
  injectedConnectorId,
  injectedSendParamsSchema,
  isInjectedConnector,
  type Namespace,
  parseWith,
  type RestoredInjected,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { type Network, toHexChainId } from '@modalkit/shared'
import {
  accountsAtom,
  announcedWalletsAtom,
  connectingWalletAtom,
  historyAtom,
  networksAtom,
  openAtom,
  selectedNetworkIdAtom,
} from '../../state/atoms.ts'
import { type ConnectionTracker, connectionsAtom } from '../../state/connections.ts'
import type { ModalContext } from '../../state/ModalContext.ts'
import { selectNetwork } from '../../state/selectNetwork.ts'
import { setPendingStatus } from '../../state/setPendingStatus.ts'
import { pushView } from '../../state/viewStack.ts'
import type { Connector } from '../Connector.ts'
import { describeInjected, isInjectedConnected, restorableInjected } from './injectedBasics.ts'

export type InjectedContext = ModalContext & {
  /** The host loader, which calls the site's browser wallets in the host page. */
  host: () => HostClient | undefined
  assertAllowed: () => void
  connections: () => Pick<ConnectionTracker, 'follow' | 'disconnect'>
}

/** An inactive browser wallet's account after one of its events: another address, or another chain. */
function followInjected(account: AccountState, event: InjectedEvent): AccountState {
  const [, reference] = account.caipAddress?.split(':') ?? []
  if (event.type === 'accountsChanged' && event.accounts[0]) {
    const address = event.accounts[0]
    return { ...account, address, caipAddress: `eip155:${reference ?? '1'}:${address}` }
  }
  if (event.type === 'chainChanged' && account.address) {
    const id = Number.parseInt(event.chainId, 16)
    return { ...account, caipAddress: `eip155:${id}:${account.address}` }
  }
  return account
}

/**
 * The host page's browser wallets from the modal's side (SPEC §3, EIP-6963): the
 * loader calls them in the host page, so each wallet sees the site's origin; the modal keeps the
 * account, the chain and the connection list in step with what they report.
 */
export function createInjectedConnector(ctx: InjectedContext) {
  const { store } = ctx
  const accountOf = (namespace: Namespace) => store.get(accountsAtom).find((a) => a.namespace === namespace)

  /** Whether the EVM account is a browser wallet of the host page. */
  const injectedConnected = () => isInjectedConnected(store)

  /** SPEC §3: a browser wallet switches by wallet_switchEthereumChain, and adds the chain on 4902. */
  const switchWalletChain = async (network: Network) => {
    const client = ctx.host()
    if (!client) throw new AppKitError({ code: 'not_ready', shortMessage: 'The modal is not ready yet' })
    const chainId = toHexChainId(Number(network.id))
    try {
      await client.injectedRequest({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
    } catch (error) {
      if (!(error instanceof AppKitError) || error.code !== 4902) throw error
      await client.injectedRequest({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            ...(network.blockExplorers ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
          },
        ],
      })
    }
  }

  /** A chain id a wallet reported: selects it when configured, else shows UnsupportedChain (SPEC §4). */
  const applyWalletChain = (hex: string): boolean => {
    const id = Number.parseInt(hex, 16)
    const network = store.get(networksAtom).find((n) => n.chainNamespace === 'eip155' && n.id === id)
    if (network) {
      selectNetwork(store, network)
      return true
    }
    store.set(historyAtom, ['UnsupportedChain'])
    if (!store.get(openAtom)) {
      store.set(openAtom, true)
      ctx.analytics.track('MODAL_OPEN', { connected: true })
    }
    return false
  }

  const setEvmAccount = (address: string | undefined, connectorId?: string, chainReference?: number) => {
    const others = store.get(accountsAtom).filter((a) => a.namespace !== 'eip155')
    if (!address) {
      store.set(accountsAtom, [...others, { namespace: 'eip155', status: 'disconnected' }])
      return
    }
    const selected = store
      .get(networksAtom)
      .find((n) => n.caipNetworkId === store.get(selectedNetworkIdAtom) && n.chainNamespace === 'eip155')
    const previous = accountOf('eip155')?.caipAddress?.split(':')[1]
    const reference = chainReference ?? previous ?? selected?.id ?? 1
    store.set(accountsAtom, [
      ...others,
      {
        namespace: 'eip155',
        status: 'connected',
        address,
        caipAddress: `eip155:${reference}:${address}`,
        type: 'eoa',
        ...(connectorId ? { connectorId } : {}),
      },
    ])
  }

  /** Connects a host-page browser wallet: the loader calls it, so the wallet sees the site's origin. */
  const connectInjected = async (uuid: string) => {
    ctx.assertAllowed()
    const wallet = store.get(announcedWalletsAtom).find((w) => w.uuid === uuid)
    const client = ctx.host()
    if (!wallet || !client) return
    const connectorId = injectedConnectorId(wallet)
    store.set(connectingWalletAtom, { wallet })
    store.set(historyAtom, (history) => pushView(history, 'ConnectingExternal'))
    store.set(accountsAtom, (accounts) => setPendingStatus(accounts, ['eip155'], 'connecting'))
    ctx.analytics.track('SELECT_WALLET', { name: wallet.name })
    try {
      const { accounts, chainId } = await client.connectInjected({ uuid })
      // The loader holds one browser wallet at a time: this one took the place of any other.
      store.set(connectionsAtom, (list) =>
        list.filter((c) => c.connectorId === connectorId || !isInjectedConnector(c.connectorId)),
      )
      const supported = applyWalletChain(chainId)
      setEvmAccount(accounts[0], connectorId, Number.parseInt(chainId, 16))
      store.set(connectingWalletAtom, undefined)
      ctx.analytics.track('CONNECT_SUCCESS', { name: wallet.name })
      if (supported) ctx.close()
    } catch (error) {
      store.set(accountsAtom, (accounts) => setPendingStatus(accounts, ['eip155'], 'disconnected'))
      const { shortMessage: message } =
        error instanceof AppKitError && error.code === 4001
          ? new ConnectionRejectedError()
          : new FailedToConnectError()
      store.set(connectingWalletAtom, { wallet, error: message })
      ctx.analytics.track('CONNECT_ERROR', { message })
    }
  }

  /**
   * The loader keeps which browser wallet the site's visitor used last (in the site's storage) and
   * asks it by eth_accounts, which never prompts: connected again without a view or an event, as
   * long as nothing else took the EVM account meanwhile.
   */
  const adopt = async ({ wallet, accounts, chainId }: RestoredInjected): Promise<void> => {
    if (accountOf('eip155')?.status === 'connected') return
    const id = Number.parseInt(chainId, 16)
    const network = store.get(networksAtom).find((n) => n.chainNamespace === 'eip155' && n.id === id)
    if (network) selectNetwork(store, network)
    setEvmAccount(accounts[0], injectedConnectorId(wallet), id)
  }

  const onInjectedEvent = (event: InjectedEvent) => {
    if (!injectedConnected()) {
      // An inactive browser wallet (multiWallet) that left is taken off the list.
      const left = event.type === 'disconnect' || (event.type === 'accountsChanged' && !event.accounts.length)
      const listed = store
        .get(connectionsAtom)
        .find((c) => c.namespace === 'eip155' && isInjectedConnector(c.connectorId))
      if (!listed) return
      if (left) void ctx.connections().disconnect('eip155', listed.connectorId)
      // Otherwise its list entry follows it, so making it active again shows where it is now.
      else ctx.connections().follow('eip155', listed.connectorId, (account) => followInjected(account, event))
      return
    }
    const connectorId = accountOf('eip155')?.connectorId
    if (event.type === 'chainChanged') {
      applyWalletChain(event.chainId)
      return
    }
    const address = event.type === 'accountsChanged' ? event.accounts[0] : undefined
    setEvmAccount(address, connectorId)
    if (!address) {
      ctx
        .host()
        ?.disconnectInjected()
        .catch(() => {})
      ctx.events.emit('DISCONNECT_SUCCESS')
    }
  }

  const connector: Connector<string> = {
    owns: isInjectedConnector,
    isConnected: (namespace?: Namespace) => isInjectedConnected(store, namespace),
    connect: connectInjected,
    // The loader sends the site's requests to a browser wallet in the host page, never through here.
    // The modal's own Send asks the loader to pass its one transaction to the wallet,
    // which shows it for approval; the loader checks its shape (injectedRequestSchema).
    request: async ({ method, params }) => {
      const client = ctx.host()
      if (method !== 'eth_sendTransaction' || !client) throw new UnsupportedMethodError(method)
      const [transaction] = parseWith(injectedSendParamsSchema, params, 'eth_sendTransaction params')
      return client.injectedRequest({ method, params: [transaction] })
    },
    switchChain: switchWalletChain,
    async disconnect(connectorId) {
      await ctx.host()?.disconnectInjected()
      if (connectorId === undefined || accountOf('eip155')?.connectorId !== connectorId) return
      store.set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          a.connectorId === connectorId ? { namespace: a.namespace, status: 'disconnected' as const } : a,
        ),
      )
      ctx.events.emit('DISCONNECT_SUCCESS')
    },
    restore: async () => {
      const restored = await restorableInjected(ctx.host)
      if (restored) await adopt(restored)
    },
    preload: () => {},
    describe: (connectorId) => describeInjected(store, connectorId),
  }
  return { ...connector, onEvent: onInjectedEvent, adopt }
}

export type InjectedConnector = ReturnType<typeof createInjectedConnector>
