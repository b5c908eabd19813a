import { ProjectIdNotConfiguredError, SiwxConfigConflictError } from '@modalkit/protocol'
import { announceProvider } from './announceProvider.ts'
import type { CoreFactory } from './coreHandoff.ts'
import type { BitcoinProvider } from './createBitcoinProvider.ts'
import { createLazyProvider } from './createLazyProvider.ts'
import type { Eip1193Provider } from './createProvider.ts'
import type { SolanaProvider } from './createSolanaProvider.ts'
import { startFrame } from './startFrame.ts'
import type { AppKit, AppKitInitOptions, AppKitOptions } from './types.ts'
import { whenPageIdle } from './whenPageIdle.ts'

/** Calls that need the modal: the core is loaded at once, then answers. */
const FORWARDED = [
  'open',
  'close',
  'pay',
  'openPay',
  'switchNetwork',
  'disconnect',
  'setThemeMode',
  'setThemeVariables',
  'addNetwork',
  'removeNetwork',
] as const satisfies readonly (keyof AppKit)[]

/**
 * Subscriptions: made on the core, now or when it comes. The state they watch only changes once it
 * is there, so they miss nothing.
 */
const SUBSCRIBERS = [
  'subscribeState',
  'subscribeEvents',
  'subscribeAccount',
  'subscribeNetwork',
  'subscribeTheme',
  'subscribeWalletInfo',
] as const satisfies readonly (keyof AppKit)[]

type Getter = Exclude<
  keyof AppKit,
  | (typeof FORWARDED)[number]
  | (typeof SUBSCRIBERS)[number]
  | 'init'
  | 'getProvider'
  | 'getWalletProvider'
  | 'subscribeProviders'
>
type AnyMethod = (...args: unknown[]) => unknown

const NAMESPACES = ['eip155', 'solana', 'bip122'] as const

/**
 * The `window.appkit` of appkit.js (stage 1): the whole API at once, in a few KB without zod or
 * penpal. It checks only the project id and the SIWX conflict of `init()` (the core checks the rest
 * when it loads: the check's tables are not in these bytes), answers getters with the initial state (nothing is
 * connected or open before the modal is), and forwards every other call to the core
 * (createAppKit.ts), which it loads while the page is idle after `init()`, or at once when a call
 * needs it; the modal's frame starts loading with the core, which adopts it. The API's TSDoc is on
 * the `AppKit` type (types.ts). Built from tables: stage 1 has a 4 KB budget.
 * @param modalOrigin The origin the loader script was served from: the modal lives there.
 * @param loadCore Loads the core's factory (loadCore.ts in a page; the module itself in tests).
 */
export function createLazyAppKit(modalOrigin: string, loadCore: () => Promise<CoreFactory>): AppKit {
  /**
   * init()'s own argument, as given: the core checks it (compat/normalizeOptions.ts, not in this
   * stage's bytes), maps AppKit's names and names the options it drops.
   */
  let given: AppKitInitOptions | undefined
  let core: AppKit | undefined
  let loading: Promise<AppKit> | undefined
  /** The overlay iframe started with the core's load, for the core to adopt (startFrame.ts). */
  let started: HTMLIFrameElement | undefined
  const waiting = new Set<(core: AppKit) => void>()

  /**
   * The core, loaded once; after a failed load the next call that needs it tries again. The modal's
   * overlay frame starts loading with it (startFrame.ts), not once it has run: on a cold open, that
   * was the core's fetch and evaluation before the frame's own load even began.
   */
  const load = (): Promise<AppKit> => {
    // Only before the core came: once created, it makes its own frame (it adopts one at creation only).
    if (!core && given && !given.embedTarget && document.body)
      started ??= startFrame(modalOrigin, given.projectId)
    loading ??= loadCore().then(
      (create) => {
        const created = create(modalOrigin, provider, started)
        if (given) {
          try {
            created.init(given)
          } catch (error) {
            // An option of the wrong type ('Invalid init() options', with its path): this
            // configuration is not taken, its frame goes, and a correct init() still works. The call
            // that needed the core rejects with the error; a page that made none sees it logged.
            console.error('[appkit] init() refused its options:', error)
            given = undefined
            loading = undefined
            started?.remove()
            started = undefined
            throw error
          }
        }
        core = created
        for (const namespace of NAMESPACES) lazies[namespace].attach(created.getProvider(namespace) as never)
        for (const attach of waiting) attach(created)
        waiting.clear()
        return created
      },
      (error: unknown) => {
        // No core to adopt the frame: it goes too, and the next try starts both again.
        loading = undefined
        started?.remove()
        started = undefined
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
  const lazies = { eip155: lazy, solana: lazySolana, bip122: lazyBitcoin }
  // No prototype: getProvider('constructor') is undefined, as any other unknown namespace.
  const pageProviders = {
    __proto__: null,
    eip155: provider,
    solana: lazySolana.provider,
    bip122: lazyBitcoin.provider,
  }
  /** The page's provider (stage 1's) for one of the core's, if it is one. */
  const toPage = (inner: unknown) => {
    const namespace = NAMESPACES.find((n) => core?.getProvider(n) === inner)
    return namespace && pageProviders[namespace]
  }

  /** What each getter answers before the core is there: the core's initial state. */
  const none = () => undefined
  const before: { [K in Getter]: () => ReturnType<AppKit[K]> } = {
    getState: () => ({
      initialized: false,
      open: false,
      loading: false,
      view: 'Connect',
      activeChain: undefined,
      selectedNetworkId: undefined,
    }),
    getAccount: () => ({
      allAccounts: [],
      caipAddress: undefined,
      address: undefined,
      isConnected: false,
      status: 'disconnected',
    }),
    getIsConnectedState: () => false,
    isOpen: () => false,
    getIsPaymentInProgress: () => false,
    getError: () => '',
    getThemeMode: () => given?.themeMode ?? 'light',
    getThemeVariables: () => (given?.themeVariables ?? {}) as NonNullable<AppKitOptions['themeVariables']>,
    getPayResult: none,
    getPayError: none,
    getCaipNetwork: none,
    getAddress: none,
    getCaipAddress: none,
    getChainId: none,
    getCaipNetworkId: none,
    getActiveChainNamespace: none,
    getWalletInfo: none,
  }

  const methods: Record<string, AnyMethod> = {}
  const method = (name: keyof AppKit) => core?.[name] as AnyMethod
  for (const [name, fallback] of Object.entries(before))
    methods[name] = (...args) => (core ? method(name as Getter)(...args) : fallback())
  for (const name of FORWARDED)
    methods[name] = async (...args) => ((await load())[name] as AnyMethod)(...args)
  for (const name of SUBSCRIBERS)
    methods[name] = (...args) => onCore((c) => (c[name] as AnyMethod)(...args) as () => void)

  const appkit: AppKit = {
    ...(methods as Omit<AppKit, 'init' | 'getProvider' | 'getWalletProvider' | 'subscribeProviders'>),

    init(input) {
      if (given) {
        console.warn('[appkit] init() was called again; the first configuration stays')
        return appkit
      }
      if (typeof input?.projectId !== 'string' || !input.projectId) {
        throw new ProjectIdNotConfiguredError('init() needs a projectId')
      }
      if (input.siwx && input.siweConfig) throw new SiwxConfigConflictError()
      given = { ...input } // the page may reassign its object's keys later
      // Synchronously, so EIP-6963 discovery that runs right after init() finds the provider.
      announceProvider(provider)
      if (core) {
        // Loaded before init() (a call that needed it): the core checks the options now.
        try {
          core.init(given)
        } catch (error) {
          given = undefined
          throw error
        }
      } else whenPageIdle(() => void load().catch(() => {}))
      return appkit
    },

    getWalletProvider: () => toPage(core?.getWalletProvider()),
    // The core answers with its own providers; a site gets the ones getProvider() gave it.
    subscribeProviders: (callback) =>
      onCore((c) =>
        c.subscribeProviders((providers) =>
          callback(
            Object.fromEntries(NAMESPACES.filter((n) => providers[n]).map((n) => [n, pageProviders[n]])),
          ),
        ),
      ),

    getProvider: ((namespace: keyof typeof pageProviders) =>
      pageProviders[namespace]) as AppKit['getProvider'],
  }
  return appkit
}
