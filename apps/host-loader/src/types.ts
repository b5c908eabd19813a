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
  'networks' | 'defaultNetwork' | 'adapters' | 'themeVariables' | 'features' | 'metadata' | 'customWallets'
> & {
  /** AppKit's fields the modal does not use (`image_id`, `link_mode`, ...) are dropped. */
  customWallets?:
    | readonly (NonNullable<AppKitOptions['customWallets']>[number] & { [field: string]: unknown })[]
    | undefined
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
  /**
   * For an embedded (e-mail or social) wallet, as AppKit's: its login (`user`: the e-mail, or the
   * social account's username; `authProvider`: `email` or the provider) and its account type (SPEC §4
   * preferred account type).
   */
  embeddedWalletInfo?:
    | {
        user: { email?: string | undefined; username?: string | undefined }
        authProvider: AccountState['authProvider']
        accountType: 'eoa' | 'smartAccount'
        isSmartAccountDeployed: boolean
      }
    | undefined
}

/** `subscribeNetwork()` payload, as Reown AppKit's `useAppKitNetwork`. */
export type AppKitNetworkState = {
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

/** Reown AppKit's getters and subscribers beyond SPEC's list. */
export type AppKitCompatMethods = {
  /**
   * The provider of the active namespace's connection, or `undefined` when not connected.
   * @example const provider = window.appkit.getWalletProvider()
   */
  getWalletProvider(): Eip1193Provider | SolanaProvider | BitcoinProvider | undefined
  /**
   * Calls back with the providers of the connected namespaces whenever they change.
   * @example window.appkit.subscribeProviders((p) => console.log(Boolean(p.eip155)))
   */
  subscribeProviders(callback: (providers: AppKitProviders) => void): () => void
  /** @example window.appkit.getIsConnectedState() // false */
  getIsConnectedState(): boolean
  /** The connected address of a namespace (the active one by default). @example window.appkit.getAddress() */
  getAddress(namespace?: Namespace): string | undefined
  /** @example window.appkit.getCaipAddress('eip155') // 'eip155:1:0xab…' */
  getCaipAddress(namespace?: Namespace): CaipAddress | undefined
  /** The selected network's id (a number for eip155). @example window.appkit.getChainId() // 1 */
  getChainId(): number | string | undefined
  /** @example window.appkit.getCaipNetworkId() // 'eip155:1' */
  getCaipNetworkId(): string | undefined
  /** @example window.appkit.getActiveChainNamespace() // 'eip155' */
  getActiveChainNamespace(): Namespace | undefined
  /** @example window.appkit.getThemeMode() // 'light' */
  getThemeMode(): ThemeMode
  /** The theme variables in force (init, then setThemeVariables). @example window.appkit.getThemeVariables() */
  getThemeVariables(): ThemeVariables
  /**
   * Calls back with `{ themeMode, themeVariables }` when either changes.
   * @example window.appkit.subscribeTheme(({ themeMode }) => console.log(themeMode))
   */
  subscribeTheme(callback: (theme: AppKitTheme) => void): () => void
  /** The connected wallet's name, icon and type. @example window.appkit.getWalletInfo()?.name */
  getWalletInfo(namespace?: Namespace): AppKitWalletInfo | undefined
  /**
   * Calls back when the connected wallet changes (`undefined` once disconnected).
   * @example window.appkit.subscribeWalletInfo((info) => console.log(info?.name))
   */
  subscribeWalletInfo(
    callback: (info: AppKitWalletInfo | undefined) => void,
    namespace?: Namespace,
  ): () => void
  /** @example window.appkit.isOpen() // false */
  isOpen(): boolean
  /** The message of the last error the modal reported, or ''. @example window.appkit.getError() */
  getError(): string
  /**
   * Adds a configured network: switchNetwork and the networks list take it from then on.
   * @throws NetworkNotFoundError for a network of another namespace or one the modal does not know.
   * @example await window.appkit.addNetwork('eip155', base)
   */
  addNetwork(namespace: Namespace, network: string | AppKitNetworkObject): Promise<void>
  /**
   * Removes a configured network (not the last one).
   * @example await window.appkit.removeNetwork('eip155', 137)
   */
  removeNetwork(namespace: Namespace, networkId: string | number): Promise<void>
}

export type { ModalEvent }

/** `open()` arguments: SPEC §2's view names, or Reown AppKit's (`Networks`, `WhatIsAWallet`, ...). */
export type AppKitOpenOptions = Omit<OpenArgs, 'view'> & { view?: View | AppKitView }

/** Pay (AppKit Pay's functions). */
export type AppKitPayMethods = {
  /**
   * Pays a fixed amount of one asset to one recipient from the connected wallet (AppKit Pay): the
   * modal's Pay view connects first when needed, then the wallet approves. Resolves with
   * `{ success: true, result: <transaction hash> }` or `{ success: false, error }` (rejected, failed,
   * closed); rejects for bad options, the `pay` feature off, or a payment already open.
   * @example
   * const { success, result } = await window.appkit.pay({
   *   recipient: '0x…',
   *   amount: 5,
   *   paymentAsset: { network: 'eip155:8453', asset: '0x8335…', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } },
   * })
   */
  pay(options: PayOptions): Promise<PayResult>
  /** As `pay()`, without waiting; read the outcome with getPayResult / getPayError. */
  openPay(options: PayOptions): Promise<void>
  getPayResult(): PayResult | undefined
  getPayError(): string | undefined
  getIsPaymentInProgress(): boolean
}

/**
 * The object a site gets as `window.appkit` (appkit.js's, createLazyAppKit.ts, which forwards to the
 * core once loaded). Method names follow Reown AppKit's; the TSDoc here is what a site's editor shows.
 */
export type AppKit = AppKitCompatMethods &
  AppKitPayMethods & {
    /**
     * Configures the modal (SPEC §1) and preloads it while the page is idle.
     * @throws ProjectIdNotConfiguredError without a project id; SiwxConfigConflictError with both siwx forms.
     * @example window.appkit.init({ projectId: 'abc', networks: ['eip155:1', 'eip155:137'], themeMode: 'dark' })
     */
    init(options: AppKitInitOptions): AppKit
    /**
     * Opens the modal, on the view SPEC §2 picks or the one given (SPEC's names or Reown AppKit's:
     * `Networks` opens SwitchNetwork). Bad arguments reject before anything on the page changes.
     * @throws ValidationError ('Invalid open() arguments') for an unknown view or key.
     * @example await window.appkit.open({ view: 'Networks' })
     */
    open(args?: AppKitOpenOptions): Promise<void>
    /** Closes the modal. @example await window.appkit.close() */
    close(): Promise<void>
    /** The modal's current state. @example const { open, selectedNetworkId } = window.appkit.getState() */
    getState(): AppKitState
    /**
     * Calls back on every state change.
     * @returns a function that unsubscribes.
     * @example const stop = window.appkit.subscribeState((s) => console.log(s.open))
     */
    subscribeState(callback: (state: AppKitState) => void): () => void
    /**
     * Calls back on every modal event (MODAL_OPEN, MODAL_CLOSE, CONNECT_SUCCESS, ...).
     * @returns a function that unsubscribes.
     * @example window.appkit.subscribeEvents((e) => console.log(e.data.event))
     */
    subscribeEvents(callback: (event: ModalEvent) => void): () => void
    /** The account of a namespace (the active one by default). @example window.appkit.getAccount('eip155').address */
    getAccount(namespace?: Namespace): AppKitAccount
    /**
     * Calls back when the account of a namespace (the active one by default) changes.
     * @returns a function that unsubscribes.
     * @example window.appkit.subscribeAccount((a) => console.log(a.isConnected))
     */
    subscribeAccount(callback: (account: AppKitAccount) => void, namespace?: Namespace): () => void
    /** The selected network. @example window.appkit.getCaipNetwork()?.caipNetworkId */
    getCaipNetwork(): NetworkSummary | undefined
    /**
     * Calls back when the selected network changes.
     * @returns a function that unsubscribes.
     * @example window.appkit.subscribeNetwork((n) => console.log(n.caipNetworkId))
     */
    subscribeNetwork(callback: (network: AppKitNetworkState) => void): () => void
    /**
     * Switches to a configured network, by CAIP-2 id or network object (AppKit's, or viem's chain).
     * @throws NetworkNotFoundError ('Network Not Found') for a network not in the networks array.
     * @example await window.appkit.switchNetwork('eip155:137')
     * @example await window.appkit.switchNetwork(polygon)
     */
    switchNetwork(network: string | AppKitNetworkObject): Promise<void>
    /** Disconnects a namespace, or all. @example await window.appkit.disconnect() */
    disconnect(namespace?: Namespace): Promise<void>
    /** @example await window.appkit.setThemeMode('dark') */
    setThemeMode(mode: ThemeMode): Promise<void>
    /** @example await window.appkit.setThemeVariables({ '--w3m-accent': '#0a7' }) */
    setThemeVariables(variables: ThemeVariables): Promise<void>
    /**
     * The provider of a namespace, the same object before and after the core loads; `undefined` for
     * namespaces other than these two.
     *
     * `eip155`: an EIP-1193 provider (also announced by EIP-6963), for ethers, viem and wagmi unchanged.
     *
     * `solana`: the Solana provider in the shapes of Reown AppKit's Solana adapter, also registered
     * as a Wallet Standard wallet when a Solana network is configured: `publicKey` (a @solana/web3.js
     * `PublicKey`, or undefined), `isConnected`, `connect()` (opens the modal; resolves with the
     * address once a Solana account is connected, 4001 when the modal is closed first),
     * `disconnect()`, `signMessage(bytes)` → signature bytes, `signTransaction(tx)` → the signed
     * transaction, `signAllTransactions(txs)`, `signAndSendTransaction(tx, options?)` → signature
     * (base58), `sendTransaction(tx, connection, options?)` (sent by the page's `Connection`); a
     * transaction is a `Transaction`/`VersionedTransaction` of the page's own @solana/web3.js (the
     * same class comes back) or its serialized bytes (bytes come back). Events `connect` (PublicKey),
     * `disconnect`, `accountChanged` (PublicKey). Errors carry EIP-1193 codes (4001 rejected, 4100
     * not connected).
     *
     * `bip122`: the Bitcoin provider with the methods of Reown AppKit's `BitcoinConnector`, answered
     * by a WalletConnect wallet (WalletConnect's bip122 RPC): `address`, `isConnected`, `connect()`,
     * `disconnect()`, `getAccountAddresses()` → `{ address, publicKey?, path?, purpose }[]`,
     * `signMessage({ message, address?, protocol?: 'ecdsa' | 'bip322' })` → the signature in base64,
     * `signPSBT({ psbt, signInputs, broadcast? })` → `{ psbt, txid? }` (base64 in and out),
     * `sendTransfer({ recipient, amount })` → the transaction id (amount in satoshis, a string),
     * `switchNetwork(caipNetworkId)` (mainnet or testnet: the address changes with it), and
     * `request({ method, params })` for the RPC as it is. Events `connect`, `disconnect`,
     * `accountsChanged`, `chainChanged`. Bad params are refused by the modal before the wallet sees
     * them (-32602 'Invalid signPsbt params').
     * @example const provider = new ethers.BrowserProvider(window.appkit.getProvider('eip155'))
     * @example
     * const solana = window.appkit.getProvider('solana')
     * await solana.connect()
     * const signature = await solana.signMessage(new TextEncoder().encode('Hello'))
     * const signed = await solana.signTransaction(new Transaction({ feePayer: solana.publicKey, recentBlockhash }).add(ix))
     * @example
     * const bitcoin = window.appkit.getProvider('bip122')
     * const address = await bitcoin.connect()
     * const signature = await bitcoin.signMessage({ message: 'Hello', protocol: 'bip322' })
     * const { psbt } = await bitcoin.signPSBT({ psbt: base64, signInputs: [{ address, index: 0, sighashTypes: [1] }] })
     */
    getProvider(namespace: 'eip155'): Eip1193Provider
    getProvider(namespace: 'solana'): SolanaProvider
    getProvider(namespace: 'bip122'): BitcoinProvider
    getProvider(namespace: Namespace): Eip1193Provider | SolanaProvider | BitcoinProvider | undefined
  }
