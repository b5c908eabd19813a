import {
  type AccountState,
  type CaipAddress,
  EMBEDDED_CONNECTOR_ID,
  type HostSnapshot,
  injectedConnectorId,
  isInjectedConnector,
  type ModalEvent,
  type Namespace,
  type ThemeMode,
  type ThemeVariables,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@modalkit/protocol'
import type { BitcoinProvider } from '../createBitcoinProvider.ts'
import type { Eip1193Provider } from '../createProvider.ts'
import type { SolanaProvider } from '../createSolanaProvider.ts'
import type { DiscoveredWallet } from '../discoverWallets.ts'
import type { Store } from '../store.ts'
import type { AppKitCompatMethods, AppKitProviders, AppKitTheme, AppKitWalletInfo } from '../types.ts'

export type CompatGettersParameters = {
  snapshot: Store<HostSnapshot>
  events: Store<ModalEvent | undefined>
  providers: { eip155: Eip1193Provider; solana: SolanaProvider; bip122: BitcoinProvider }
  wallets(): DiscoveredWallet[]
}

const connected = (s: HostSnapshot, namespace?: Namespace): AccountState | undefined => {
  const chain = namespace ?? s.activeChain ?? 'eip155'
  return s.accounts.find((a) => a.namespace === chain && a.status === 'connected')
}

/** Calls back with `read()` whenever it changes (compared as JSON: the values are plain data). */
function watch<T>(snapshot: Store<HostSnapshot>, read: () => T, callback: (value: T) => void): () => void {
  let last = JSON.stringify(read() ?? null)
  return snapshot.subscribe(() => {
    const value = read()
    const key = JSON.stringify(value ?? null)
    if (key === last) return
    last = key
    callback(value)
  })
}

/**
 * Reown AppKit's getters and subscribers beyond SPEC's list, read from what the modal mirrors into
 * the page (the core only: appkit.js forwards to these once the core is there).
 */
export function createCompatGetters({ snapshot, events, providers, wallets }: CompatGettersParameters) {
  let themeVariables: ThemeVariables = {}
  const themeListeners = new Set<(theme: AppKitTheme) => void>()
  let error = ''
  events.subscribe((event) => {
    const message = event?.data.properties?.message
    if (event && /ERROR$/.test(event.data.event))
      error = typeof message === 'string' ? message : event.data.event
  })

  const providersOf = (s: HostSnapshot): AppKitProviders => {
    const out: AppKitProviders = {}
    for (const namespace of ['eip155', 'solana', 'bip122'] as const)
      if (connected(s, namespace)) Object.assign(out, { [namespace]: providers[namespace] })
    return out
  }
  const walletInfo = (s: HostSnapshot, namespace?: Namespace): AppKitWalletInfo | undefined => {
    const id = connected(s, namespace)?.connectorId
    if (!id) return undefined
    if (id === EMBEDDED_CONNECTOR_ID) return { name: 'Embedded wallet', type: EMBEDDED_CONNECTOR_ID }
    if (id === WALLET_CONNECT_CONNECTOR_ID)
      return { name: 'WalletConnect', type: WALLET_CONNECT_CONNECTOR_ID }
    const wallet = isInjectedConnector(id)
      ? wallets().find((w) => injectedConnectorId(w.info) === id)
      : undefined
    return wallet ? { name: wallet.info.name, icon: wallet.info.icon, type: 'ANNOUNCED' } : { name: id }
  }
  const theme = (): AppKitTheme => ({ themeMode: snapshot.get().themeMode, themeVariables })
  const notifyTheme = () => {
    const value = theme()
    for (const listener of [...themeListeners]) listener(value)
  }
  watch(snapshot, () => snapshot.get().themeMode, notifyTheme)

  const methods: Omit<AppKitCompatMethods, 'addNetwork' | 'removeNetwork'> = {
    getWalletProvider: () => {
      const s = snapshot.get()
      const namespace = s.activeChain ?? 'eip155'
      return namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122'
        ? providersOf(s)[namespace]
        : undefined
    },
    subscribeProviders: (callback) => watch(snapshot, () => providersOf(snapshot.get()), callback),
    getIsConnectedState: () => connected(snapshot.get()) !== undefined,
    getAddress: (namespace) => connected(snapshot.get(), namespace)?.address,
    getCaipAddress: (namespace) =>
      connected(snapshot.get(), namespace)?.caipAddress as CaipAddress | undefined,
    getChainId: () => snapshot.get().network?.id,
    getCaipNetworkId: () => snapshot.get().network?.caipNetworkId,
    getActiveChainNamespace: () => snapshot.get().activeChain,
    getThemeMode: (): ThemeMode => snapshot.get().themeMode,
    getThemeVariables: () => themeVariables,
    subscribeTheme: (callback) => {
      themeListeners.add(callback)
      return () => void themeListeners.delete(callback)
    },
    getWalletInfo: (namespace) => walletInfo(snapshot.get(), namespace),
    subscribeWalletInfo: (callback, namespace) =>
      watch(snapshot, () => walletInfo(snapshot.get(), namespace), callback),
    isOpen: () => snapshot.get().open,
    getError: () => error,
  }
  return {
    methods,
    /** The theme variables in force, as the modal was given them (init, then setThemeVariables). */
    setThemeVariables(next: ThemeVariables): void {
      themeVariables = { ...themeVariables, ...next }
      notifyTheme()
    },
  }
}
