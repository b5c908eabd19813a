import type {
  AccountState,
  CaipAddress,
  InitOptions,
  ModalEvent,
  Namespace,
  NetworkSummary,
  OpenArgs,
  PayOptions,
  PayResult,
  ThemeMode,
  ThemeVariables,
  View,
} from '@modalkit/protocol'
import type { AppKitView } from './compat/appkitViews.ts'
import type {
  BitcoinAccountAddress,
  BitcoinAddressPurpose,
  BitcoinProvider,
  BitcoinSendTransferParams,
  BitcoinSignMessageParams,
  BitcoinSignPsbtParams,
  BitcoinSignPsbtResult,
} from './createBitcoinProvider.ts'
import type { Eip1193Provider } from './createProvider.ts'
import type { SolanaProvider, SolanaSendOptions } from './createSolanaProvider.ts'
import type { SiwxConfig, SiwxVerifier } from './siwxBridge.ts'

export type {
  BitcoinAccountAddress,
  BitcoinAddressPurpose,
  BitcoinProvider,
  BitcoinSendTransferParams,
  BitcoinSignMessageParams,
  BitcoinSignPsbtParams,
  BitcoinSignPsbtResult,
  Eip1193Provider,
  SiwxConfig,
  SiwxVerifier,
  SolanaProvider,
  SolanaSendOptions,
}

/** `window.appkit.init()` options: SPEC §1 plus what only the host page can give. */
export type AppKitOptions = Omit<InitOptions, 'siwx'> & {
  /** Sign-in with X: the default verifier's options, or the site's own verifier (siwxBridge.ts). */
  siwx?: SiwxConfig | undefined
  /** Embedded mode: the element (or a CSS selector for it) the modal is mounted in. */
  embedTarget?: HTMLElement | string
}

/** A network as Reown AppKit's sites pass it: an AppKit network object, or a viem `defineChain` chain. */
export type AppKitNetworkObject = {
  id: number | string
  caipNetworkId?: string
  chainNamespace?: string
  name?: string
}

/**
 * `init()` / `createAppKit()` options as Reown AppKit's sites write them: ours (SPEC §1), plus network
 * objects wherever a CAIP-2 id goes, adapter instances (`new EthersAdapter()`), `--apkt-*` theme
 * variables, `manualWCControl` and AppKit's feature names. Other keys are dropped with one warning.
 */
export type AppKitInitOptions = Omit<
  AppKitOptions,
  'networks' | 'defaultNetwork' | 'adapters' | 'themeVariables' | 'features' | 'metadata'
> & {
  /** AppKit's `redirect` and other keys we do not use are dropped. */
  metadata?: (NonNullable<AppKitOptions['metadata']> & { [key: string]: unknown }) | undefined
  networks?: readonly (string | AppKitNetworkObject)[] | undefined
  defaultNetwork?: string | AppKitNetworkObject | undefined
  adapters?: readonly (Namespace | { namespace?: string | undefined })[] | undefined
  themeVariables?: Record<string, string | number> | undefined
  features?:
    | (Omit<NonNullable<AppKitOptions['features']>, 'socials'> & {
        socials?: false | readonly string[] | undefined
        history?: boolean | undefined
        analytics?: boolean | undefined
        [feature: string]: unknown
      })
    | undefined
  manualWCControl?: boolean | undefined
  /** AppKit options this modal does not model: dropped, named in one console warning. */
  [option: string]: unknown
}

/** `getState()`: the modal's state, as Reown AppKit's `getState()`. */
export type AppKitState = {
  initialized: boolean
  open: boolean
  loading: boolean
  view: View
  activeChain: Namespace | undefined
  selectedNetworkId: string | undefined
}

/** `getAccount()`: as Reown AppKit's `useAppKitAccount`. */
export type AppKitAccount = {
  allAccounts: AccountState[]
  caipAddress: CaipAddress | undefined
  address: string | undefined
  isConnected: boolean
  status: AccountState['status']
  /** The native balance in base units (decimal string), once the modal has read it. */
  balance?: AccountState['balance']
  /** The account's profile name (`alice.reown.id`), once the modal has read or registered it. */
  profileName?: string
  /** For an embedded (e-mail or social) wallet: its account type (SPEC §4 preferred account type). */
  embeddedWalletInfo?: { accountType: 'eoa' | 'smartAccount'; isSmartAccountDeployed: boolean } | undefined
}

/** `subscribeNetwork()` payload, as Reown AppKit's `useAppKitNetwork`. */
export type AppKitNetwork = {
  caipNetwork: NetworkSummary | undefined
  chainId: number | string | undefined
  caipNetworkId: string | undefined
  /** The networks a WalletConnect wallet approved; `undefined` when the wallet can switch to any. */
  approvedCaipNetworkIds: string[] | undefined
  /** The connected wallet switches to any configured network (browser and embedded wallets). */
  supportsAllNetworks: boolean
}

/** The providers of the connected namespaces (`subscribeProviders`), as Reown AppKit's. */
export type AppKitProviders = { eip155?: Eip1193Provider; solana?: SolanaProvider; bip122?: BitcoinProvider }

/** `getWalletInfo()`: the connected wallet, as Reown AppKit's `ConnectedWalletInfo`. */
export type AppKitWalletInfo = { name: string; icon?: string | undefined; type?: string | undefined }

/** `subscribeTheme()` payload. */
export type AppKitTheme = { themeMode: ThemeMode; themeVariables: ThemeVariables }

/** Reown AppKit's getters and subscribers beyond SPEC's list (TSDoc in createLazyAppKit.ts). */
export type AppKitCompatMethods = {
  getWalletProvider(): Eip1193Provider | SolanaProvider | BitcoinProvider | undefined
  subscribeProviders(callback: (providers: AppKitProviders) => void): () => void
  getIsConnectedState(): boolean
  getAddress(namespace?: Namespace): string | undefined
  getCaipAddress(namespace?: Namespace): CaipAddress | undefined
  getChainId(): number | string | undefined
  getCaipNetworkId(): string | undefined
  getActiveChainNamespace(): Namespace | undefined
  getThemeMode(): ThemeMode
  getThemeVariables(): ThemeVariables
  subscribeTheme(callback: (theme: AppKitTheme) => void): () => void
  getWalletInfo(namespace?: Namespace): AppKitWalletInfo | undefined
  subscribeWalletInfo(
    callback: (info: AppKitWalletInfo | undefined) => void,
    namespace?: Namespace,
  ): () => void
  isOpen(): boolean
  /** The message of the last error the modal reported, or ''. */
  getError(): string
  /** Adds a network to the site's networks array. */
  addNetwork(namespace: Namespace, network: string | AppKitNetworkObject): Promise<void>
  /** Removes a network (by its chain id or CAIP-2 reference) from the site's networks array. */
  removeNetwork(namespace: Namespace, networkId: string | number): Promise<void>
}

export type { ModalEvent }

/** `open()` arguments: SPEC §2's view names, or Reown AppKit's (`Networks`, `WhatIsAWallet`, ...). */
export type AppKitOpenOptions = Omit<OpenArgs, 'view'> & { view?: View | AppKitView }

/** Issue 12, Pay (AppKit Pay's functions). */
export type AppKitPayMethods = {
  /** Opens the Pay view for a fixed amount of one asset to one recipient; resolves once it ends. */
  pay(options: PayOptions): Promise<PayResult>
  /** As `pay()`, without waiting: the outcome is read with the getters. */
  openPay(options: PayOptions): Promise<void>
  getPayResult(): PayResult | undefined
  getPayError(): string | undefined
  getIsPaymentInProgress(): boolean
}

/** The object a site gets as `window.appkit`. Method names follow Reown AppKit's; TSDoc on each is in createLazyAppKit.ts (what a site gets). */
export type AppKit = AppKitCompatMethods &
  AppKitPayMethods & {
    init(options: AppKitInitOptions): AppKit
    open(args?: AppKitOpenOptions): Promise<void>
    close(): Promise<void>
    getState(): AppKitState
    subscribeState(callback: (state: AppKitState) => void): () => void
    subscribeEvents(callback: (event: ModalEvent) => void): () => void
    getAccount(namespace?: Namespace): AppKitAccount
    subscribeAccount(callback: (account: AppKitAccount) => void, namespace?: Namespace): () => void
    getCaipNetwork(): NetworkSummary | undefined
    subscribeNetwork(callback: (network: AppKitNetwork) => void): () => void
    switchNetwork(network: string | AppKitNetworkObject): Promise<void>
    disconnect(namespace?: Namespace): Promise<void>
    setThemeMode(mode: ThemeMode): Promise<void>
    setThemeVariables(variables: ThemeVariables): Promise<void>
    getProvider(namespace: 'eip155'): Eip1193Provider
    getProvider(namespace: 'solana'): SolanaProvider
    getProvider(namespace: 'bip122'): BitcoinProvider
    getProvider(namespace: Namespace): Eip1193Provider | SolanaProvider | BitcoinProvider | undefined
  }
