import {
  type ModalEvent,
  type Namespace,
  type PayOptions,
  type PayResult,
  ProjectIdNotConfiguredError,
  SiwxConfigConflictError,
  type ThemeMode,
  type ThemeVariables,
} from '@modalkit/protocol'
import { announceProvider } from './announceProvider.ts'
import { lazyCompatMethods } from './compat/lazyCompatMethods.ts'
import { normalizeOptions } from './compat/normalizeOptions.ts'
import type { CoreFactory } from './coreHandoff.ts'
import type { BitcoinProvider } from './createBitcoinProvider.ts'
import { createLazyProvider } from './createLazyProvider.ts'
import type { Eip1193Provider } from './createProvider.ts'
import type { SolanaProvider } from './createSolanaProvider.ts'
import type {
  AppKit,
  AppKitAccount,
  AppKitInitOptions,
  AppKitNetwork,
  AppKitNetworkObject,
  AppKitOpenOptions,
  AppKitOptions,
  AppKitState,
} from './types.ts'
import { whenPageIdle } from './whenPageIdle.ts'

/**
 * The `window.appkit` of appkit.js (stage 1): the whole API at once, in a few KB without zod, penpal or
 * the iframe. It validates `init()` itself, answers getters with the initial state, and forwards every
 * call to the core (createAppKit.ts), which it loads while the page is idle after `init()`, or at once
 * when a call needs it. Subscriptions made before the core is there move onto it when it comes: the
 * state they watch only changes once it is there, so they miss nothing.
 * @param modalOrigin The origin the loader script was served from: the modal lives there.
 * @param loadCore Loads the core's factory (loadCore.ts in a page; the module itself in tests).
 */
export function createLazyAppKit(modalOrigin: string, loadCore: () => Promise<CoreFactory>): AppKit {
  let options: AppKitOptions | undefined
  let core: AppKit | undefined
  let loading: Promise<AppKit> | undefined
  const waiting = new Set<(core: AppKit) => void>()

  /** The core, loaded once; after a failed load the next call that needs it tries again. */
  const load = (): Promise<AppKit> => {
    loading ??= loadCore().then(
      (create) => {
        const created = create(modalOrigin, provider)
        core = created
        lazy.attach(created.getProvider('eip155'))
        lazySolana.attach(created.getProvider('solana'))
        lazyBitcoin.attach(created.getProvider('bip122'))
        for (const attach of waiting) attach(created)
        waiting.clear()
        if (options) created.init(options)
        return created
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    return loading
  }

  /** Subscribes on the core, now or when it comes; the returned function unsubscribes either way. */
  const onCore = (subscribe: (core: AppKit) => () => void): (() => void) => {
    if (core) return subscribe(core)
    let stop: (() => void) | undefined
    const attach = (next: AppKit) => {
      stop = subscribe(next)
    }
    waiting.add(attach)
    return () => {
      waiting.delete(attach)
      stop?.()
    }
  }

  const lazy = createLazyProvider<Eip1193Provider>(
    async () => (await load()).getProvider('eip155'),
    ['request'],
  )
  const provider: Eip1193Provider = lazy.provider
  // Names only: the Solana provider's logic is in the core (createSolanaProvider.ts).
  const lazySolana = createLazyProvider<SolanaProvider>(
    async () => (await load()).getProvider('solana'),
    [
      'connect',
      'disconnect',
      'signMessage',
      'signTransaction',
      'signAllTransactions',
      'signAndSendTransaction',
      'sendTransaction',
    ],
    { publicKey: undefined, isConnected: false },
  )
  // Names only, as Solana's: the logic is in the core (createBitcoinProvider.ts).
  const lazyBitcoin = createLazyProvider<BitcoinProvider>(
    async () => (await load()).getProvider('bip122'),
    [
      'connect',
      'disconnect',
      'getAccountAddresses',
      'signMessage',
      'signPSBT',
      'sendTransfer',
      'switchNetwork',
      'request',
    ],
    { address: undefined, isConnected: false },
  )
  const pageProviders = { eip155: provider, solana: lazySolana.provider, bip122: lazyBitcoin.provider }

  const appkit: AppKit = {
    ...lazyCompatMethods({
      core: () => core,
      onCore,
      load,
      options: () => options,
      pageProvider: (namespace) => pageProviders[namespace],
    }),

    /**
     * Configures the modal (SPEC §1) and preloads it while the page is idle.
     * @throws ProjectIdNotConfiguredError without a project id; SiwxConfigConflictError with both siwx forms.
     * @example window.appkit.init({ projectId: 'abc', networks: ['eip155:1', 'eip155:137'], themeMode: 'dark' })
     */
    init(input: AppKitInitOptions): AppKit {
      if (options) {
        console.warn('[appkit] init() was called again; the first configuration stays')
        return appkit
      }
      if (!input || typeof input.projectId !== 'string' || input.projectId.length === 0) {
        throw new ProjectIdNotConfiguredError('init() needs a projectId')
      }
      if (input.siwx && input.siweConfig) throw new SiwxConfigConflictError()
      const { options: next, dropped } = normalizeOptions(input)
      if (dropped.length > 0)
        console.warn(`[appkit] init() ignored options it does not support: ${dropped.join(', ')}`)
      options = next
      // Synchronously, so EIP-6963 discovery that runs right after init() finds the provider.
      announceProvider(provider)
      if (core) core.init(next)
      else {
        whenPageIdle(() => void load().catch(() => {}))
      }
      return appkit
    },

    /**
     * Opens the modal, on the view SPEC §2 picks or the one given (SPEC's names or Reown AppKit's:
     * `Networks` opens SwitchNetwork). Bad arguments reject before anything on the page changes.
     * @throws ValidationError ('Invalid open() arguments') for an unknown view or key.
     * @example await window.appkit.open({ view: 'Networks' })
     */
    async open(args?: AppKitOpenOptions): Promise<void> {
      await (await load()).open(args)
    },

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
    async pay(options: PayOptions): Promise<PayResult> {
      return (await load()).pay(options)
    },
    /** As `pay()`, without waiting; read the outcome with getPayResult / getPayError. */
    async openPay(options: PayOptions): Promise<void> {
      await (await load()).openPay(options)
    },
    getPayResult: () => core?.getPayResult(),
    getPayError: () => core?.getPayError(),
    getIsPaymentInProgress: () => core?.getIsPaymentInProgress() ?? false,

    /** Closes the modal. @example await window.appkit.close() */
    async close(): Promise<void> {
      await (await load()).close()
    },

    /** The modal's current state. @example const { open, selectedNetworkId } = window.appkit.getState() */
    getState(): AppKitState {
      if (core) return core.getState()
      return {
        initialized: false,
        open: false,
        loading: false,
        view: 'Connect',
        activeChain: undefined,
        selectedNetworkId: undefined,
      }
    },

    /**
     * Calls back on every state change.
     * @returns a function that unsubscribes.
     * @example const stop = window.appkit.subscribeState((s) => console.log(s.open))
     */
    subscribeState(callback: (state: AppKitState) => void): () => void {
      return onCore((c) => c.subscribeState(callback))
    },

    /**
     * Calls back on every modal event (MODAL_OPEN, MODAL_CLOSE, CONNECT_SUCCESS, ...).
     * @returns a function that unsubscribes.
     * @example window.appkit.subscribeEvents((e) => console.log(e.data.event))
     */
    subscribeEvents(callback: (event: ModalEvent) => void): () => void {
      return onCore((c) => c.subscribeEvents(callback))
    },

    /** The account of a namespace (the active one by default). @example window.appkit.getAccount('eip155').address */
    getAccount(namespace?: Namespace): AppKitAccount {
      if (core) return core.getAccount(namespace)
      return {
        allAccounts: [],
        caipAddress: undefined,
        address: undefined,
        isConnected: false,
        status: 'disconnected',
      }
    },

    /**
     * Calls back when the account of a namespace (the active one by default) changes.
     * @returns a function that unsubscribes.
     * @example window.appkit.subscribeAccount((a) => console.log(a.isConnected))
     */
    subscribeAccount(callback: (account: AppKitAccount) => void, namespace?: Namespace): () => void {
      return onCore((c) => c.subscribeAccount(callback, namespace))
    },

    /** The selected network. @example window.appkit.getCaipNetwork()?.caipNetworkId */
    getCaipNetwork() {
      return core?.getCaipNetwork()
    },

    /**
     * Calls back when the selected network changes.
     * @returns a function that unsubscribes.
     * @example window.appkit.subscribeNetwork((n) => console.log(n.caipNetworkId))
     */
    subscribeNetwork(callback: (network: AppKitNetwork) => void): () => void {
      return onCore((c) => c.subscribeNetwork(callback))
    },

    /**
     * Switches to a configured network, by CAIP-2 id or network object (AppKit's, or viem's chain).
     * @throws NetworkNotFoundError ('Network Not Found') for a network not in the networks array.
     * @example await window.appkit.switchNetwork('eip155:137')
     * @example await window.appkit.switchNetwork(polygon)
     */
    async switchNetwork(network: string | AppKitNetworkObject): Promise<void> {
      await (await load()).switchNetwork(network)
    },

    /** Disconnects a namespace, or all. @example await window.appkit.disconnect() */
    async disconnect(namespace?: Namespace): Promise<void> {
      await (await load()).disconnect(namespace)
    },

    /** @example await window.appkit.setThemeMode('dark') */
    async setThemeMode(mode: ThemeMode): Promise<void> {
      await (await load()).setThemeMode(mode)
    },

    /** @example await window.appkit.setThemeVariables({ '--w3m-accent': '#0a7' }) */
    async setThemeVariables(variables: ThemeVariables): Promise<void> {
      await (await load()).setThemeVariables(variables)
    },

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
    getProvider: ((namespace: Namespace) =>
      namespace === 'eip155'
        ? provider
        : namespace === 'solana'
          ? lazySolana.provider
          : namespace === 'bip122'
            ? lazyBitcoin.provider
            : undefined) as AppKit['getProvider'],
  }
  return appkit
}
