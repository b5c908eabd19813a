import {
  classifyRequest,
  EMBEDDED_CONNECTOR_ID,
  type HostSnapshot,
  invalidInput,
  isInjectedConnector,
  type ModalClient,
  type ModalEvent,
  type Namespace,
  NetworkNotFoundError,
  NotReadyError,
  ProjectIdNotConfiguredError,
  SiwxConfigConflictError,
  type ThemeMode,
  type ThemeVariables,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@modalkit/protocol'
import { DEFAULT_CHAIN } from '@modalkit/shared'
import { PROVIDER_INFO_RDNS } from './announceProvider.ts'
import { withAssetsFallback } from './assetsFallback.ts'
import { createBitcoinWallets } from './bitcoinWallets.ts'
import { caipNetworkIdOf } from './compat/caipNetworkIdOf.ts'
import { createCompatGetters } from './compat/createCompatGetters.ts'
import { normalizeOptions } from './compat/normalizeOptions.ts'
import { toOpenArgs } from './compat/toOpenArgs.ts'
import { connectModal } from './connectModal.ts'
import { type BitcoinProvider, createBitcoinProvider } from './createBitcoinProvider.ts'
import { createFrame, type Frame } from './createFrame.ts'
import { createPayMethods } from './createPayMethods.ts'
import { createProvider, type Eip1193Provider } from './createProvider.ts'
import { createReadBatcher } from './createReadBatcher.ts'
import { createSolanaProvider, type SolanaProvider } from './createSolanaProvider.ts'
import { type DiscoveredWallet, discoverWallets } from './discoverWallets.ts'
import { frameSrc } from './frameSrc.ts'
import { createInjectedConnector } from './injectedConnector.ts'
import { lastBrowserWallet, lastNetwork, waitForAnnounced } from './lastBrowserWallet.ts'
import { bitcoinScriptLoader } from './loadBitcoinScript.ts'
import { solanaClassesLoader } from './loadSolanaClasses.ts'
import { registerSolanaWallet } from './registerSolanaWallet.ts'
import { siwxHandlers, siwxOptions } from './siwxBridge.ts'
import { INITIAL_SNAPSHOT, Store } from './store.ts'
import type {
  AppKit,
  AppKitAccount,
  AppKitInitOptions,
  AppKitNetworkObject,
  AppKitNetworkState,
  AppKitOpenOptions,
  AppKitOptions,
  AppKitState,
} from './types.ts'
import { walletError } from './walletError.ts'
import { whenPageIdle } from './whenPageIdle.ts'

const DEFAULT_Z_INDEX = 999

function toAccount(snapshot: HostSnapshot, namespace?: Namespace): AppKitAccount {
  const chain = namespace ?? snapshot.activeChain ?? 'eip155'
  const account = snapshot.accounts.find((a) => a.namespace === chain)
  return {
    allAccounts: snapshot.accounts,
    caipAddress: account?.caipAddress as AppKitAccount['caipAddress'],
    address: account?.address,
    isConnected: account?.status === 'connected',
    status: account?.status ?? 'disconnected',
    ...(account?.balance ? { balance: account.balance } : {}),
    ...(account?.profileName ? { profileName: account.profileName } : {}),
    ...(account?.status === 'connected' && account.connectorId === EMBEDDED_CONNECTOR_ID
      ? {
          embeddedWalletInfo: {
            user: account.user ?? {},
            authProvider: account.authProvider,
            accountType: account.type ?? 'eoa',
            isSmartAccountDeployed: account.smartAccountDeployed === true,
          },
        }
      : {}),
  }
}

/** The connector of the active EVM connection in a snapshot. */
function evmConnectorOf(snapshot: HostSnapshot): string | undefined {
  return snapshot.accounts.find((a) => a.namespace === 'eip155' && a.status === 'connected')?.connectorId
}

/**
 * AppKit's `approvedCaipNetworkIds` and `supportsAllNetworks`: a WalletConnect wallet switches only
 * among the networks its session approved; browser and embedded wallets switch to any.
 */
function approvedNetworks(
  snapshot: HostSnapshot,
): Pick<AppKitNetworkState, 'approvedCaipNetworkIds' | 'supportsAllNetworks'> {
  const walletConnect = evmConnectorOf(snapshot) === WALLET_CONNECT_CONNECTOR_ID
  return {
    approvedCaipNetworkIds: walletConnect ? snapshot.approvedNetworkIds : undefined,
    supportsAllNetworks: !walletConnect,
  }
}

function toNetwork(snapshot: HostSnapshot): AppKitNetworkState {
  return {
    caipNetwork: snapshot.network,
    chainId: snapshot.network?.id,
    caipNetworkId: snapshot.network?.caipNetworkId,
    ...approvedNetworks(snapshot),
  }
}

/**
 * The element embedded mode mounts the modal in: the one given, or the page's first match of the
 * selector, in the page now.
 * @throws ValidationError 'Invalid init() options' at `embedTarget` when there is none (a selector
 * that matches nothing or is not one, an element taken out of the page).
 */
function resolveTarget(target: AppKitOptions['embedTarget']): HTMLElement | undefined {
  if (target === undefined) return undefined
  let element: HTMLElement | null = null
  try {
    element = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target
  } catch {
    // Not a selector (querySelector's SyntaxError): no element, as below.
  }
  if (!element?.isConnected)
    throw invalidInput('init() options', `embedTarget ${String(target)} is not an element of the page`, [
      'embedTarget',
    ])
  return element
}

/**
 * Builds the `window.appkit` API for a modal served from `modalOrigin`: the loader's core (stage 2),
 * which the first stage (createLazyAppKit.ts) forwards to once it is loaded.
 * @param modalOrigin The origin the loader script was served from: the modal lives there.
 * @param ownProvider The provider the page was given and EIP-6963 announced (the first stage's), left
 * out of wallet discovery; `getProvider` answers this core's own, which that one delegates to.
 * @param startedFrame The overlay iframe the first stage started while this core was loading
 * (startFrame.ts): adopted as the modal's frame if it loads the same URL.
 */
export function createAppKit(
  modalOrigin: string,
  ownProvider?: Eip1193Provider,
  startedFrame?: HTMLIFrameElement,
): AppKit {
  const snapshot = new Store<HostSnapshot>(INITIAL_SNAPSHOT)
  /** The modal's state as it last pushed it (or answered init); `snapshot` is it, but for `opening`. */
  let pushed = INITIAL_SNAPSHOT
  /**
   * open() calls the modal has not answered yet: the frame may still be loading, the modal's init
   * running. SPEC §4: opening sets loading, so `loading` holds meanwhile; once the modal has the
   * open, its own `loading` says when its view is painted.
   */
  let opening = 0
  /** The modal's state with `loading` set, made once per pushed state: an unchanged store notifies no one. */
  let forced: { from: HostSnapshot; copy: HostSnapshot } | undefined
  const mirror = () => {
    if (opening === 0 || pushed.loading) return snapshot.set(pushed)
    if (forced?.from !== pushed) forced = { from: pushed, copy: { ...pushed, loading: true } }
    snapshot.set(forced.copy)
  }
  const setPushed = (next: HostSnapshot) => {
    pushed = next
    mirror()
  }
  const events = new Store<ModalEvent | undefined>(undefined)
  let options: AppKitOptions | undefined
  let frame: Frame | undefined
  let ready: Promise<ModalClient> | undefined
  /** The modal once init is on its way to it: a first open goes right behind init (load below). */
  let initSent: Promise<ModalClient> | undefined
  /** How many state pushes the modal has made (stateChanged). */
  let pushes = 0
  let initialized = false
  let focusBeforeOpen: Element | null = null
  /** Set by `open()` before the modal confirms it, so an early Escape still closes. */
  let openRequested = false
  let modalClient: ModalClient | undefined
  let wallets: ReturnType<typeof discoverWallets> | undefined
  const injected = createInjectedConnector((event) => {
    modalClient?.injectedEvent(event).catch((error: unknown) => console.error('[appkit] wallet event', error))
  })
  /** The last visit's browser wallet, reconnected when it still gives the site accounts without asking. */
  const restoreInjected = async () => {
    const rdns = options?.enableReconnect === false ? undefined : lastBrowserWallet.get()
    const found = rdns && wallets ? await waitForAnnounced(() => wallets?.wallets() ?? [], rdns) : undefined
    if (!found) return undefined
    const connection = await injected.restore(found)
    if (!connection) lastBrowserWallet.forget()
    return connection && { ...connection, wallet: found.info }
  }
  /** Bitcoin browser wallets (Wallet Standard, sats-connect): found once the site has a Bitcoin network. */
  const bitcoinWallets = createBitcoinWallets(
    () => modalClient,
    () => options?.enableReconnect !== false,
    bitcoinScriptLoader(modalOrigin),
  )
  const sendWallets = (list: DiscoveredWallet[]) => {
    modalClient
      ?.walletsChanged(list.map((w) => w.info))
      .catch((error: unknown) => console.error('[appkit] wallets', error))
  }

  // Escape closes the overlay even when the keyboard is still in this page (right after the click).
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !frame || options?.embedTarget !== undefined) return
    if (openRequested || snapshot.get().open) void appkit.close().catch(() => {})
  }

  let lastNetworkId: string | undefined
  /** Whether the last snapshot had the modal open: closing is that turning false, not any closed snapshot. */
  let shownOpen = false
  snapshot.subscribe((next) => {
    const networkId = next.network?.caipNetworkId
    if (networkId && networkId !== lastNetworkId) {
      lastNetworkId = networkId
      lastNetwork.set(networkId)
    }
    if (!frame) return
    if (next.frameHeight !== undefined) frame.setHeight(next.frameHeight)
    if (next.open) {
      shownOpen = true
      frame.show()
    } else if (shownOpen) {
      // Closed: the overlay goes and the focus returns to where it was before the open. A snapshot
      // that is still closed (an open on its way sets `loading` before the modal is open) closes
      // nothing, or the focus to return to would be forgotten before the modal ever opened.
      shownOpen = false
      openRequested = false
      frame.hide()
      if (focusBeforeOpen instanceof HTMLElement) focusBeforeOpen.focus()
      focusBeforeOpen = null
    }
  })

  /** Creates the iframe and the channel once; later calls get the same promise. */
  const load = (): Promise<ModalClient> => {
    if (ready) return ready
    if (!options) return Promise.reject(new NotReadyError('call window.appkit.init() first'))
    const { embedTarget, siwx, ...rest } = options
    const initOptions = { ...rest, ...(siwx ? { siwx: siwxOptions(siwx) } : {}) }
    const zIndex = Number(initOptions.themeVariables?.['--w3m-z-index'] ?? DEFAULT_Z_INDEX)
    let target: HTMLElement | undefined
    try {
      target = resolveTarget(embedTarget)
    } catch (error) {
      // A rejection, as every other failure to load: the idle preload's catch takes it too.
      return Promise.reject(error)
    }
    frame = createFrame({
      src: frameSrc(modalOrigin, initOptions.projectId),
      zIndex,
      embedTarget: target,
      started: startedFrame,
    })
    const mounted = frame
    const connection = connectModal(mounted.iframe, modalOrigin, {
      stateChanged: (next) => {
        pushes++
        setPushed(next)
      },
      emitEvent: (event) => events.set(event),
      connectInjected: async ({ uuid }) => {
        const wallet = wallets?.find(uuid)
        if (!wallet) throw new NotReadyError(`no announced wallet ${uuid}`)
        const connection = await injected.connect(wallet)
        lastBrowserWallet.set(wallet.info.rdns)
        return connection
      },
      // The modal acts on the wallet's code (4902: add the chain), so its error crosses as ours.
      injectedRequest: ({ method, params }) =>
        injected.request(method, params).catch((error: unknown) => {
          throw walletError(error)
        }),
      disconnectInjected: () => {
        lastBrowserWallet.forget()
        injected.disconnect()
      },
      restoreInjected: () => restoreInjected(),
      ...bitcoinWallets.handlers,
      ...siwxHandlers(() => options?.siwx),
    })
    // Sent before its reply arrives, a first open saves the modal a round trip and a frame on a cold
    // open; the modal runs it once this init is done, and fails it as init failed.
    const initializing = connection.then(({ modal }) => ({
      modal,
      reply: modal.init(initOptions),
      pushesBefore: pushes,
    }))
    initSent = initializing.then(({ modal }) => modal)
    initSent.catch(() => {}) // reported once, as `ready` below
    ready = initializing.then(async ({ modal, reply, pushesBefore }) => {
      const state = await reply
      // The modal pushes every change of its snapshot, init's too, so a push that arrived since init
      // was sent is as new as this reply or is followed by one that is: the open sent right behind
      // init pushes `open` before init's reply leaves, which must not be undone by that reply.
      if (pushes === pushesBefore) setPushed(state)
      modalClient = modal
      initialized = true
      sendWallets(wallets?.wallets() ?? [])
      bitcoinWallets.sync()
      return modal
    })
    ready.catch((error: unknown) => console.error('[appkit] the modal failed to start', error))
    return ready
  }

  const read = createReadBatcher(load)
  const provider: Eip1193Provider = createProvider(snapshot, {
    ready: load,
    forward: async (method, params) => {
      // A connected browser wallet answers directly, in the host page, with its own approval UI, while
      // it is the active EVM connection (with multiWallet another wallet may be active instead).
      // EIP-7811 wallet_getAssets: the modal answers for one that has not the method.
      if (injected.active() && isInjectedConnector(evmConnectorOf(snapshot.get())))
        return withAssetsFallback(method, params, injected.request, async () =>
          (await load()).request({ namespace: 'eip155', method, params }),
        )
      const request = { namespace: 'eip155' as const, method, params }
      if (classifyRequest(method) === 'safe') return read(request)
      return (await load()).request(request)
    },
    open: () => appkit.open({ view: 'Connect' }),
    disconnect: () => appkit.disconnect('eip155'),
  })

  // Solana has no browser wallet in the host page here: every request goes through the modal.
  const solanaProvider: SolanaProvider = createSolanaProvider(snapshot, {
    ready: load,
    forward: async (method, params) => (await load()).request({ namespace: 'solana', method, params }),
    open: () => appkit.open({ view: 'Connect' }),
    disconnect: () => appkit.disconnect('solana'),
    classes: solanaClassesLoader(modalOrigin),
  })

  // Bitcoin, as Solana: the modal parses every request, then asks the wallet: a WalletConnect wallet,
  // or a Bitcoin browser wallet, which it asks back through the loader (bitcoinWalletRequest).
  const bitcoinProvider: BitcoinProvider = createBitcoinProvider(snapshot, {
    ready: load,
    forward: async (method, params) => (await load()).request({ namespace: 'bip122', method, params }),
    open: () => appkit.open({ view: 'Connect' }),
    disconnect: () => appkit.disconnect('bip122'),
    switchNetwork: (caipNetworkId) => appkit.switchNetwork(caipNetworkId),
  })

  /** The site's networks array as the modal has it (SPEC §1: the default chain when none). */
  const configuredNetworks = (): string[] => options?.networks ?? [options?.defaultNetwork ?? DEFAULT_CHAIN]
  const setConfiguredNetworks = (networks: string[]) => {
    if (options) options = { ...options, networks }
  }

  const compat = createCompatGetters({
    snapshot,
    events,
    providers: { eip155: provider, solana: solanaProvider, bip122: bitcoinProvider },
    wallets: () => wallets?.wallets() ?? [],
  })

  // The public TSDoc of each method is on stage 1 (createLazyAppKit.ts), the object sites call; these
  // are the same methods once the core has loaded.
  const appkit: AppKit = {
    ...compat.methods,
    ...createPayMethods(load),

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
      // SPEC §3: a reload starts on the network last used here, while the site still configures it.
      const last = lastNetwork.pick(next.networks ?? [next.defaultNetwork ?? DEFAULT_CHAIN])
      options = last ? { ...next, defaultNetwork: last } : next
      if (next.themeVariables) compat.setThemeVariables(next.themeVariables)
      if (next.embedTarget === undefined) document.addEventListener('keydown', onEscape)
      wallets = discoverWallets({ provider: ownProvider ?? provider, rdns: PROVIDER_INFO_RDNS }, sendWallets)
      if (configuredNetworks().some((n) => n.startsWith('solana:')))
        registerSolanaWallet(snapshot, solanaProvider)
      if (configuredNetworks().some((n) => n.startsWith('bip122:'))) bitcoinWallets.start()
      whenPageIdle(() => void load().catch(() => {}))
      return appkit
    },

    async open(args?: AppKitOpenOptions): Promise<void> {
      // Checked before the page changes: bad arguments leave it exactly as it was.
      const openArgs = toOpenArgs(args)
      opening++
      mirror()
      try {
        const started = load()
        const modal = await (initSent ?? started)
        const wasOpen = snapshot.get().open
        const before = { focus: focusBeforeOpen, requested: openRequested }
        if (!wasOpen) focusBeforeOpen = document.activeElement
        openRequested = true
        try {
          const opened = modal.open(openArgs)
          opened.catch(() => {}) // after a failed init, that failure is the one to report
          await started
          // Shown once init is done (a see-through overlay over a page still waiting for the project's
          // configuration would eat its clicks), before the modal confirms the open for speed; focused
          // once it does (snapshot above): a key pressed in between stays in this page, for `onEscape`.
          frame?.show(false)
          await opened
        } catch (error) {
          // The modal refused: the overlay must not stay over the page, eating its clicks.
          if (!wasOpen && !snapshot.get().open) {
            openRequested = before.requested
            focusBeforeOpen = before.focus
            frame?.hide()
          }
          throw error
        }
      } finally {
        opening--
        mirror()
      }
    },

    async close(): Promise<void> {
      await (await load()).close()
    },

    getState(): AppKitState {
      const s = snapshot.get()
      return {
        initialized,
        open: s.open,
        loading: s.loading,
        view: s.view,
        activeChain: s.activeChain,
        selectedNetworkId: s.selectedNetworkId,
      }
    },

    subscribeState(callback: (state: AppKitState) => void): () => void {
      return snapshot.subscribe(() => callback(appkit.getState()))
    },

    subscribeEvents(callback: (event: ModalEvent) => void): () => void {
      return events.subscribe((event) => {
        if (event) callback(event)
      })
    },

    getAccount(namespace?: Namespace): AppKitAccount {
      return toAccount(snapshot.get(), namespace)
    },

    subscribeAccount(callback: (account: AppKitAccount) => void, namespace?: Namespace): () => void {
      let last = JSON.stringify(toAccount(snapshot.get(), namespace))
      return snapshot.subscribe((s) => {
        const account = toAccount(s, namespace)
        const key = JSON.stringify(account)
        if (key === last) return
        last = key
        callback(account)
      })
    },

    getCaipNetwork() {
      return snapshot.get().network
    },

    subscribeNetwork(callback: (network: AppKitNetworkState) => void): () => void {
      // Called when the network changes, or which networks the wallet may switch to.
      const keyOf = (s: HostSnapshot) => {
        const { approvedCaipNetworkIds, supportsAllNetworks } = approvedNetworks(s)
        return `${s.network?.caipNetworkId}|${supportsAllNetworks}|${approvedCaipNetworkIds?.join() ?? ''}`
      }
      let last = keyOf(snapshot.get())
      return snapshot.subscribe((s) => {
        const key = keyOf(s)
        if (key === last) return
        last = key
        callback(toNetwork(s))
      })
    },

    async addNetwork(namespace: Namespace, network: string | AppKitNetworkObject): Promise<void> {
      const id = caipNetworkIdOf(network)
      if (!id?.startsWith(`${namespace}:`))
        throw new NetworkNotFoundError(`addNetwork: not a ${namespace} network`)
      const modal = await load()
      const current = configuredNetworks()
      if (current.includes(id)) return
      await modal.setNetworks([...current, id])
      setConfiguredNetworks([...current, id])
    },

    async removeNetwork(namespace: Namespace, networkId: string | number): Promise<void> {
      const id = `${namespace}:${networkId}`
      const modal = await load()
      const current = configuredNetworks()
      if (!current.includes(id)) throw new NetworkNotFoundError(`removeNetwork: ${id} is not configured`)
      if (current.length === 1) throw new NetworkNotFoundError('removeNetwork: the last network stays')
      await modal.setNetworks(current.filter((n) => n !== id))
      setConfiguredNetworks(current.filter((n) => n !== id))
    },

    async switchNetwork(network: string | AppKitNetworkObject): Promise<void> {
      const caipNetworkId = caipNetworkIdOf(network)
      if (caipNetworkId === undefined)
        throw new NetworkNotFoundError('switchNetwork() takes a CAIP-2 id or a network object')
      await (await load()).switchNetwork(caipNetworkId)
    },

    async disconnect(namespace?: Namespace): Promise<void> {
      await (await load()).disconnect(namespace)
    },

    async setThemeMode(mode: ThemeMode): Promise<void> {
      await (await load()).setThemeMode(mode)
    },

    async setThemeVariables(variables: ThemeVariables): Promise<void> {
      // AppKit's --apkt-* names under ours; other names are refused by the modal as before.
      const named = Object.fromEntries(
        Object.entries(variables).map(([key, value]) => [key.replace(/^--apkt-/, '--w3m-'), value]),
      )
      await (await load()).setThemeVariables(named)
      compat.setThemeVariables(named)
    },

    getProvider: ((namespace: Namespace) =>
      namespace === 'eip155'
        ? provider
        : namespace === 'solana'
          ? solanaProvider
          : namespace === 'bip122'
            ? bitcoinProvider
            : undefined) as AppKit['getProvider'],
  }
  return appkit
}
