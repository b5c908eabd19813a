import type {
  AppKit,
  AppKitCompatMethods,
  AppKitOptions,
  AppKitProviders,
  BitcoinProvider,
  Eip1193Provider,
  SolanaProvider,
} from '../types.ts'

export type LazyCompatMethodsParameters = {
  /** The core, once it is loaded. */
  core(): AppKit | undefined
  /** Subscribes on the core, now or when it comes (createLazyAppKit.ts). */
  onCore(subscribe: (core: AppKit) => () => void): () => void
  /** The core, loaded now if it is not yet. */
  load(): Promise<AppKit>
  /** The options `init()` was given, if it was. */
  options(): AppKitOptions | undefined
  /** The page's provider of a namespace (stage 1's, the same object before and after the core loads). */
  pageProvider(namespace: 'eip155' | 'solana' | 'bip122'): Eip1193Provider | SolanaProvider | BitcoinProvider
}

/**
 * Reown AppKit's getters and subscribers on appkit.js (stage 1): before the core is there they answer
 * the initial state (nothing is connected or open before the modal is); then the core's
 * (createCompatGetters.ts) answer.
 */
export function lazyCompatMethods({
  core,
  onCore,
  load,
  options,
  pageProvider,
}: LazyCompatMethodsParameters): AppKitCompatMethods {
  // The core answers with its own providers; a site gets the ones getProvider() gave it.
  const toPage = (providers: AppKitProviders): AppKitProviders => ({
    ...(providers.eip155 ? { eip155: pageProvider('eip155') as Eip1193Provider } : {}),
    ...(providers.solana ? { solana: pageProvider('solana') as SolanaProvider } : {}),
    ...(providers.bip122 ? { bip122: pageProvider('bip122') as BitcoinProvider } : {}),
  })
  return {
    /**
     * The provider of the active namespace's connection, or `undefined` when not connected.
     * @example const provider = window.appkit.getWalletProvider()
     */
    getWalletProvider: () => {
      const c = core()
      const provider = c?.getWalletProvider()
      if (!c || !provider) return undefined
      if (provider === c.getProvider('solana')) return pageProvider('solana')
      return provider === c.getProvider('bip122') ? pageProvider('bip122') : pageProvider('eip155')
    },
    /**
     * Calls back with the providers of the connected namespaces whenever they change.
     * @example window.appkit.subscribeProviders((p) => console.log(Boolean(p.eip155)))
     */
    subscribeProviders: (callback) => onCore((c) => c.subscribeProviders((p) => callback(toPage(p)))),
    /** @example window.appkit.getIsConnectedState() // false */
    getIsConnectedState: () => core()?.getIsConnectedState() ?? false,
    /** The connected address of a namespace (the active one by default). @example window.appkit.getAddress() */
    getAddress: (namespace) => core()?.getAddress(namespace),
    /** @example window.appkit.getCaipAddress('eip155') // 'eip155:1:0xab…' */
    getCaipAddress: (namespace) => core()?.getCaipAddress(namespace),
    /** The selected network's id (a number for eip155). @example window.appkit.getChainId() // 1 */
    getChainId: () => core()?.getChainId(),
    /** @example window.appkit.getCaipNetworkId() // 'eip155:1' */
    getCaipNetworkId: () => core()?.getCaipNetworkId(),
    /** @example window.appkit.getActiveChainNamespace() // 'eip155' */
    getActiveChainNamespace: () => core()?.getActiveChainNamespace(),
    /** @example window.appkit.getThemeMode() // 'light' */
    getThemeMode: () => core()?.getThemeMode() ?? options()?.themeMode ?? 'light',
    /** The theme variables in force (init, then setThemeVariables). @example window.appkit.getThemeVariables() */
    getThemeVariables: () => core()?.getThemeVariables() ?? options()?.themeVariables ?? {},
    /**
     * Calls back with `{ themeMode, themeVariables }` when either changes.
     * @example window.appkit.subscribeTheme(({ themeMode }) => console.log(themeMode))
     */
    subscribeTheme: (callback) => onCore((c) => c.subscribeTheme(callback)),
    /** The connected wallet's name, icon and type. @example window.appkit.getWalletInfo()?.name */
    getWalletInfo: (namespace) => core()?.getWalletInfo(namespace),
    /**
     * Calls back when the connected wallet changes (`undefined` once disconnected).
     * @example window.appkit.subscribeWalletInfo((info) => console.log(info?.name))
     */
    subscribeWalletInfo: (callback, namespace) => onCore((c) => c.subscribeWalletInfo(callback, namespace)),
    /** @example window.appkit.isOpen() // false */
    isOpen: () => core()?.isOpen() ?? false,
    /** The message of the last error the modal reported, or ''. @example window.appkit.getError() */
    getError: () => core()?.getError() ?? '',
    /**
     * Adds a configured network: switchNetwork and the networks list take it from then on.
     * @throws NetworkNotFoundError for a network of another namespace or one the modal does not know.
     * @example await window.appkit.addNetwork('eip155', base)
     */
    addNetwork: async (namespace, network) => (await load()).addNetwork(namespace, network),
    /**
     * Removes a configured network (not the last one).
     * @example await window.appkit.removeNetwork('eip155', 137)
     */
    removeNetwork: async (namespace, networkId) => (await load()).removeNetwork(namespace, networkId),
  }
}
