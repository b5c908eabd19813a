import {
  type AccountState,
  AppKitError,
  classifyRequest,
  type DirectoryWallet,
  type HostClient,
  type HostSnapshot,
  type InitOptions,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  isAllowlistEnforced,
  isOriginAllowed,
  isSolanaSignMethod,
  type MODAL_EVENTS,
  type ModalHandlers,
  type Namespace,
  type OpenArgs,
  type ProjectConfig,
  RpcNotAllowedError,
  type RpcRequest,
  SiwxConfigConflictError,
  type SocialProvider,
  UnrecognizedChainError,
  UnsupportedMethodError,
  type View,
  WALLET_CALL_METHODS,
} from '@modalkit/protocol'
import { type Network, TOAST_REOPEN_MS, toHexChainId, UNLISTED_RPC_UI_DELAY_MS } from '@modalkit/shared'
import type { ApiClient } from '../api/createApiClient.ts'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { sendSolanaRequest } from '../connectors/solana/sendSolanaRequest.ts'
import type { WalletConnectConnector } from '../connectors/walletConnect/createWalletConnectConnector.ts'
import { WALLET_CONNECT_CONNECTOR_ID } from '../connectors/walletConnect/sessionAccounts.ts'
import { afterNextPaint } from './afterNextPaint.ts'
import { ALERTS } from './alerts.ts'
import {
  accountsAtom,
  activeChainAtom,
  activeChainTargetAtom,
  alertAtom,
  announcedWalletsAtom,
  frameHeightAtom,
  hasSessionAtom,
  historyAtom,
  hostOriginAtom,
  loadingAtom,
  openAtom,
  optionsAtom,
  projectConfigAtom,
  type Store,
  selectedDirectoryWalletAtom,
  selectedNetworkIdAtom,
  shakeAtom,
  siteAllowedAtom,
  swapArgsAtom,
  type Toast,
  themeModeAtom,
  themeVariablesAtom,
  toastAtom,
} from './atoms.ts'
import { createConnectionTracker } from './connections.ts'
import { effectiveFeatures } from './effectiveFeatures.ts'
import { AUTH_CONNECTOR_ID, createEmbeddedActions, type EmbeddedActions } from './embeddedActions.ts'
import { createInjectedActions } from './injectedActions.ts'
import {
  BALANCE_REFRESH_LIMIT_MS,
  type NativeBalance,
  nativeBalanceAtom,
  readNativeBalance,
} from './nativeBalance.ts'
import { needsActiveChainSwitch } from './needsActiveChainSwitch.ts'
import { pickViewOnOpen } from './pickViewOnOpen.ts'
import { findConfiguredNetwork, initialNetwork, resolveNetworks } from './resolveNetworks.ts'
import { goBack, isCloseDisabled, pushView, viewOnClose } from './viewStack.ts'
import { createWalletConnectActions, type WalletConnectActions } from './walletConnectActions.ts'

export type ModalEventName = (typeof MODAL_EVENTS)[number]

export type ControllerDeps = {
  store: Store
  api: ApiClient
  projectId: string
  /** The remote configuration, fetched as soon as the page loads (it races the handshake). */
  config: Promise<ProjectConfig>
  isMobile: boolean
  /** Sends an event to the host page (subscribeEvents). */
  emit(event: ModalEventName, properties?: Record<string, string | number | boolean>): void
  /** The host loader, once the channel is up: it calls the site's browser wallets. */
  host?: () => HostClient | undefined
  /** WalletConnect, built by the app from the runtime configuration (relay URL). */
  walletConnect?: WalletConnectConnector | undefined
  /** The chain RPC URL of a network for wallets: the API's proxy. */
  rpcUrl?: (caipNetworkId: string) => string
  /** The secure frame of the embedded wallet, created on first use. */
  frame?: (() => FrameClient) | undefined
  authOrigin?: string
  version?: string
  now?: () => number
}

export type Controller = ReturnType<typeof createController>

/** The accounts for the host, the one whose balance was read with it (SPEC §3 cached balances). */
function withBalance(accounts: AccountState[], balance: NativeBalance | undefined): AccountState[] {
  if (!balance) return accounts
  const { value, decimals, symbol } = balance
  return accounts.map((a) =>
    a.status === 'connected' && a.caipAddress === balance.caipAddress
      ? { ...a, balance: { value, decimals, symbol } }
      : a,
  )
}

/** The modal origin's localStorage, or none where the browser blocks it in a third-party frame. */
function modalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/**
 * Every rule of the modal as plain functions over the atoms (SPEC §2, §4, §5): what the host's
 * calls do and what the views' buttons do. No React here.
 */
export function createController({
  store,
  api,
  projectId,
  config,
  isMobile,
  emit,
  host = () => undefined,
  walletConnect,
  rpcUrl = () => '',
  frame,
  authOrigin = '',
  version = '0.0.0',
  now = Date.now,
}: ControllerDeps) {
  let networks: Network[] = []
  let toastTimer: ReturnType<typeof setTimeout> | undefined
  let toastId = 0
  let analyticsRefused = false

  const get = store.get
  const set = store.set
  const options = () => get(optionsAtom)
  const top = (): View => get(historyAtom).at(-1) ?? 'Connect'
  const accountOf = (namespace: Namespace | undefined) =>
    get(accountsAtom).find((a) => a.namespace === namespace)
  const connected = () => accountOf(get(activeChainAtom))?.status === 'connected'
  const features = () =>
    effectiveFeatures(options()?.features, get(projectConfigAtom)?.features, options()?.basic).features

  const showAlert = (error: AppKitError) => {
    const text = ALERTS[error.code] ?? { short: error.shortMessage, long: '' }
    set(alertAtom, { id: now(), short: text.short, long: text.long })
  }

  /** SPEC §4: a new toast while one is open closes it and reopens after 150 ms. */
  const showToast = (variant: Toast['variant'], message: string) => {
    clearTimeout(toastTimer)
    const next = { id: ++toastId, variant, message }
    if (get(toastAtom)) {
      set(toastAtom, undefined)
      toastTimer = setTimeout(() => set(toastAtom, next), TOAST_REOPEN_MS)
    } else set(toastAtom, next)
  }

  const track = (event: ModalEventName, properties?: Record<string, string | number | boolean>) => {
    emit(event, properties)
    const site = get(hostOriginAtom)
    // SPEC §7: the modal-created event is not sent; nothing is sent for a site we refuse.
    if (event === 'MODAL_CREATED' || !site || get(siteAllowedAtom) !== true || analyticsRefused) return
    const address = accountOf(get(activeChainAtom))?.address
    api
      .sendEvent(projectId, {
        eventId: crypto.randomUUID(),
        url: site,
        domain: new URL(site).host,
        timestamp: now(),
        props: {
          type: 'track',
          event,
          ...(address ? { address } : {}),
          ...(properties ? { properties } : {}),
        },
      })
      .catch((error: unknown) => {
        // A 403 means the site is off the allowlist: the alert shows once (SPEC §8).
        if (error instanceof InvalidAppConfigurationError && !analyticsRefused) {
          analyticsRefused = true
          showAlert(error)
        }
      })
  }

  /** Methods other than init/open/close are refused to a site the project does not allow. */
  const assertAllowed = () => {
    if (get(siteAllowedAtom) === false) {
      const cfg = get(projectConfigAtom)
      throw cfg ? new InvalidAppConfigurationError(get(hostOriginAtom)) : new InvalidProjectIdError(projectId)
    }
  }

  const closeDisabled = () =>
    isCloseDisabled({
      view: top(),
      siwxRequired: options()?.siwx?.required === true,
      hasSession: get(hasSessionAtom),
    })

  const shake = () => set(shakeAtom, (n) => n + 1)

  const close = (): boolean => {
    if (!get(openAtom) && !options()?.enableEmbedded) return true
    if (closeDisabled()) {
      shake()
      return false
    }
    // SPEC §4: closing rejects a request still waiting for its approval.
    if (top() === 'ApproveTransaction') embeddedWallet?.abortPending()
    const embedded = options()?.enableEmbedded === true
    set(historyAtom, [viewOnClose({ embedded, connected: connected() })])
    set(toastAtom, undefined)
    if (!embedded) {
      set(openAtom, false)
      track('MODAL_CLOSE', { connected: connected() })
    }
    return true
  }

  const selectNetwork = (network: Network) => {
    set(selectedNetworkIdAtom, network.caipNetworkId as `${Namespace}:${string}`)
    set(activeChainAtom, network.chainNamespace)
    // The account of that namespace moves onto the selected chain (its CAIP-10 id names the chain).
    const account = accountOf(network.chainNamespace)
    if (account?.address) {
      set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          a.namespace === network.chainNamespace && a.address
            ? { ...a, caipAddress: `${network.caipNetworkId}:${a.address}` as const }
            : a,
        ),
      )
    }
  }

  /**
   * Reads the active account's native balance (SPEC §4: on open, and after an unsafe request before
   * the modal closes); never waits longer than BALANCE_REFRESH_LIMIT_MS, and a failure keeps the old.
   */
  const refreshBalance = async (): Promise<void> => {
    const namespace = get(activeChainAtom)
    const account = accountOf(namespace)
    const network = networks.find((n) => n.caipNetworkId === get(selectedNetworkIdAtom))
    if (!network || account?.status !== 'connected' || network.chainNamespace !== namespace) return
    const read = readNativeBalance(api, projectId, network, account).then(
      (balance) => {
        if (balance) set(nativeBalanceAtom, balance)
      },
      (error: unknown) => console.warn('[appkit] could not read the balance', error),
    )
    await Promise.race([read, new Promise((resolve) => setTimeout(resolve, BALANCE_REFRESH_LIMIT_MS))])
  }

  const wc: WalletConnectActions | undefined = walletConnect
    ? createWalletConnectActions({
        store,
        connector: walletConnect,
        networks: () => networks,
        rpcUrl,
        selectNetwork,
        track,
        emit: (event) => emit(event),
        close: () => {
          close()
        },
        storage: modalStorage(),
        onSessionEnded: () => connections.forget(WALLET_CONNECT_CONNECTOR_ID),
      })
    : undefined

  const embeddedWallet: EmbeddedActions | undefined = frame
    ? createEmbeddedActions({
        store,
        frame,
        authOrigin,
        networks: () => networks,
        siteOrigin: () => get(hostOriginAtom),
        siteName: () => options()?.metadata?.name,
        defaultAccountTypes: () => options()?.defaultAccountTypes,
        projectId,
        version,
        rpcUrl,
        track,
        emit: (event) => emit(event),
        close: () => {
          close()
        },
        storage: modalStorage(),
        now,
        refreshBalance,
      })
    : undefined

  /** Ends one connector's connection for real (ProfileWallets, or a new wallet without multiWallet). */
  const disconnectConnector = async (connectorId: string) => {
    if (connectorId === WALLET_CONNECT_CONNECTOR_ID) await wc?.disconnect()
    else if (connectorId === AUTH_CONNECTOR_ID) await embeddedWallet?.disconnect()
    else {
      await host()?.disconnectInjected()
      if (accountOf('eip155')?.connectorId === connectorId) {
        set(accountsAtom, (accounts) =>
          accounts.map((a) =>
            a.connectorId === connectorId ? { namespace: a.namespace, status: 'disconnected' as const } : a,
          ),
        )
        emit('DISCONNECT_SUCCESS')
      }
    }
  }

  const connections = createConnectionTracker({
    store,
    multiWallet: () => features().multiWallet !== false,
    describe(connectorId) {
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID) {
        const wallet = get(selectedDirectoryWalletAtom)
        return { name: wallet?.name ?? 'WalletConnect', icon: wallet?.imageUrl }
      }
      if (connectorId === AUTH_CONNECTOR_ID) return { name: embeddedWallet?.email() ?? 'Embedded wallet' }
      const wallet = get(announcedWalletsAtom).find((w) =>
        connectorId === 'INJECTED' ? w.legacy : `ANNOUNCED:${w.rdns}` === connectorId,
      )
      return { name: wallet?.name ?? 'Browser wallet', icon: wallet?.icon }
    },
    disconnect: disconnectConnector,
  })

  const injected = createInjectedActions({
    store,
    host,
    networks: () => networks,
    selectNetwork,
    track,
    emit: (event) => emit(event),
    close: () => {
      close()
    },
    assertAllowed,
    connections: () => connections,
  })

  const switchNetwork = async (id: string) => {
    const network = findConfiguredNetwork(networks, id)
    if (network.chainNamespace === 'eip155' && injected.isConnected()) await injected.switchChain(network)
    else if (wc?.isConnected(network.chainNamespace)) wc.assertChainApproved(network.caipNetworkId)
    selectNetwork(network)
    track('SWITCH_NETWORK', { network: network.caipNetworkId })
  }

  const open = async (args: OpenArgs = {}) => {
    const opts = options()
    const active = get(activeChainAtom)
    // SPEC §2: another namespace than the active one switches network instead of changing view.
    if (args.namespace && args.namespace !== active) {
      const target = networks.find((n) => n.chainNamespace === args.namespace)
      if (target) switchNetwork(target.caipNetworkId)
    }
    const view = pickViewOnOpen({
      manualControl: opts?.manualControl === true,
      hasAdapters: (opts?.adapters ?? ['eip155', 'solana']).length > 0,
      address: accountOf(get(activeChainAtom))?.address,
      view: args.view,
      isMobile,
      connected: connected(),
    })
    if (args.view === 'Swap') set(swapArgsAtom, args.arguments)
    // The state flips first, so the prefetches below do not delay the first painted frame.
    const wasConnected = connected()
    set(historyAtom, [view])
    if (!get(openAtom)) {
      set(openAtom, true)
      track('MODAL_OPEN', { connected: wasConnected })
    }
    // SPEC §4: opening prefetches wallet data; here the WalletConnect code, so its QR is quick.
    // Once the open modal painted: evaluating that chunk and adding the secure frame would
    // otherwise hold up its first frame and the entrance animation.
    if (wasConnected) afterNextPaint(() => void refreshBalance())
    if (!wasConnected) {
      afterNextPaint(() => {
        wc?.preload()
        const { email, socials } = features()
        if (email || (socials && socials.length > 0)) embeddedWallet?.preload()
      })
    }
  }

  const handlers: ModalHandlers = {
    async init(next: InitOptions) {
      if (next.siwx && next.siweConfig) throw new SiwxConfigConflictError()
      networks = resolveNetworks(next)
      const first = initialNetwork(next, networks)
      set(optionsAtom, next)
      set(themeModeAtom, next.themeMode ?? 'light')
      set(themeVariablesAtom, next.themeVariables ?? {})
      set(selectedNetworkIdAtom, first.caipNetworkId as `${Namespace}:${string}`)
      set(activeChainAtom, first.chainNamespace)
      if (next.enableEmbedded) set(historyAtom, [viewOnClose({ embedded: true, connected: connected() })])
      set(loadingAtom, true)
      try {
        const cfg = await config
        set(projectConfigAtom, cfg)
        const { overridden } = effectiveFeatures(next.features, cfg.features, next.basic)
        if (overridden.length > 0) {
          console.warn(
            `[appkit] the project's remote configuration overrides local settings: ${overridden.join(', ')}`,
          )
        }
        const site = get(hostOriginAtom)
        const enforced = isAllowlistEnforced(cfg.features) // the project decides, not basic/features
        const allowed = !enforced || (site !== undefined && isOriginAllowed(site, cfg.allowedOrigins))
        set(siteAllowedAtom, allowed)
        if (!allowed) showAlert(new InvalidAppConfigurationError(site))
      } catch (error) {
        set(siteAllowedAtom, false)
        showAlert(error as AppKitError)
      } finally {
        set(loadingAtom, false)
      }
      emit('MODAL_CREATED')
      if (get(siteAllowedAtom)) {
        void wc?.restore()
        void embeddedWallet?.restore()
      }
      return snapshot()
    },
    open: (args) => open(args),
    close: () => {
      close()
    },
    switchNetwork: async (id) => {
      assertAllowed()
      await switchNetwork(id)
    },
    walletsChanged: (wallets) => {
      set(announcedWalletsAtom, wallets)
    },
    injectedEvent: (event) => injected.onEvent(event),
    disconnect: async (namespace) => {
      assertAllowed()
      await connections.disconnectAll(namespace)
      if ((namespace === undefined || namespace === 'eip155') && injected.isConnected())
        await host()?.disconnectInjected()
      if (wc?.isConnected(namespace)) await wc.disconnect()
      if (embeddedWallet?.isConnected(namespace)) await embeddedWallet.disconnect()
      set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          namespace === undefined || a.namespace === namespace
            ? { namespace: a.namespace, status: 'disconnected' as const }
            : a,
        ),
      )
      emit('DISCONNECT_SUCCESS')
    },
    setThemeMode: (mode) => {
      set(themeModeAtom, mode)
    },
    setThemeVariables: (variables) => {
      set(themeVariablesAtom, (current) => ({ ...current, ...variables }))
    },
    request: (request) => rpc(request),
  }

  /**
   * The network an unsafe request of `namespace` is signed for: the selected one when it is of that
   * namespace, else the one the account is on, else the first configured one of it.
   */
  const networkOf = (namespace: Namespace): Network | undefined => {
    const selected = networks.find((n) => n.caipNetworkId === get(selectedNetworkIdAtom))
    if (selected?.chainNamespace === namespace) return selected
    const chain = accountOf(namespace)?.caipAddress?.split(':').slice(0, 2).join(':')
    return (
      networks.find((n) => n.caipNetworkId === chain) ?? networks.find((n) => n.chainNamespace === namespace)
    )
  }

  /**
   * Who signs an unsafe request of `namespace`: the embedded wallet, whose secure frame shows the
   * approval and signs (SPEC §6, SECURITY.md), or the wallet paired over WalletConnect, whose own UI
   * asks the user, on the selected network of that namespace or else the session's chain.
   */
  const unsafeConnector = (
    namespace: Namespace,
  ): ((method: string, params: unknown) => Promise<unknown>) | undefined => {
    const network = networkOf(namespace)
    if (embeddedWallet?.isConnected(namespace) && network) {
      return (method, params) => embeddedWallet.request('unsafe', method, params, network)
    }
    if (wc?.isConnected(namespace)) {
      const selected = networks.find((n) => n.caipNetworkId === get(selectedNetworkIdAtom))
      const session = accountOf(namespace)?.caipAddress?.split(':').slice(0, 2).join(':')
      const chain = selected?.chainNamespace === namespace ? selected.caipNetworkId : (session ?? '')
      return (method, params) => wc.request(method, params, chain)
    }
    return undefined
  }

  /** SPEC §5/§6: unlisted methods are refused with a UI error after 300 ms; the rest go to a connector. */
  const rpc = async (request: RpcRequest): Promise<unknown> => {
    const { namespace, method } = request
    assertAllowed()
    const kind = classifyRequest(method)
    if (kind === 'unlisted') {
      console.error(`[appkit] ${method} is not an allowed RPC method`)
      if (!get(openAtom)) {
        set(openAtom, true)
        track('MODAL_OPEN', { connected: connected() })
      }
      setTimeout(() => {
        showToast('error', 'Action not allowed')
        shake()
      }, UNLISTED_RPC_UI_DELAY_MS)
      throw new RpcNotAllowedError(method)
    }
    if (namespace === 'eip155' && method === 'eth_chainId') {
      const network = networks.find((n) => n.caipNetworkId === get(selectedNetworkIdAtom))
      if (network?.chainNamespace === 'eip155' && typeof network.id === 'number')
        return toHexChainId(network.id)
    }
    if (namespace === 'eip155' && method === 'eth_accounts') {
      const account = accountOf('eip155')
      return account?.status === 'connected' && account.address ? [account.address] : []
    }
    // A browser wallet switches in the host page; for the others the modal is the wallet: switch to a
    // configured chain (a WalletConnect session must have approved it), else EIP-3326's 4902.
    if (
      namespace === 'eip155' &&
      (method === 'wallet_switchEthereumChain' || method === 'wallet_addEthereumChain')
    ) {
      const [target] = Array.isArray(request.params) ? request.params : []
      const hex =
        typeof target === 'object' && target !== null ? (target as { chainId?: unknown }).chainId : undefined
      const id =
        typeof hex === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(hex) ? Number.parseInt(hex, 16) : undefined
      const network = networks.find((n) => n.chainNamespace === 'eip155' && n.id === id)
      if (!network) throw new UnrecognizedChainError(String(hex))
      await switchNetwork(network.caipNetworkId)
      return null
    }
    // EIP-5792 batch calls go to the connected wallet: see routeWalletRequest (loaded when first
    // asked: its schemas are not part of the code loaded before the first click).
    if (namespace === 'eip155' && WALLET_CALL_METHODS.includes(method)) {
      const { routeWalletRequest } = await import('./routeWalletRequest.ts')
      const routed = routeWalletRequest(method, request.params, {
        networks,
        network: networkOf('eip155'),
        embedded: embeddedWallet,
        walletConnect: wc,
      })
      if (routed) return routed()
    }
    if (kind === 'unsafe') {
      // A Solana signing method belongs to the solana namespace and nothing else does, whatever the
      // page's provider claims: no wallet is asked to sign under the wrong namespace.
      if (isSolanaSignMethod(method) !== (namespace === 'solana')) throw new UnsupportedMethodError(method)
      const send = unsafeConnector(namespace)
      if (send && isSolanaSignMethod(method)) {
        const signer = accountOf('solana')?.address ?? ''
        return sendSolanaRequest({ method, params: request.params, signer, send })
      }
      if (send) {
        const result = await send(method, request.params)
        void refreshBalance()
        return result
      }
    }
    // Safe reads with no connector to serve them go through the API's chain RPC proxy (SPEC §6).
    const network = networks.find((n) => n.caipNetworkId === get(selectedNetworkIdAtom))
    const params = Array.isArray(request.params)
      ? request.params
      : request.params === undefined
        ? []
        : undefined
    if (kind === 'safe' && namespace === 'eip155' && network?.chainNamespace === 'eip155' && params) {
      return api.rpc(projectId, network.caipNetworkId, method, params)
    }
    // Connectors (WalletConnect, the embedded wallet) answer the rest: later slices.
    throw new UnsupportedMethodError(method)
  }

  /** A switch the user asked for in a view: the outcome shows as a toast, or an alert (SPEC §8). */
  const switchFromView = async (id: string) => {
    try {
      assertAllowed()
      await switchNetwork(id)
      showToast('success', 'Network switched')
      if (top() === 'UnsupportedChain') close()
    } catch (error) {
      if (error instanceof AppKitError && ALERTS[error.code]) showAlert(error)
      else showToast('error', error instanceof AppKitError ? error.shortMessage : 'Failed to switch network')
    }
  }

  const snapshot = (): HostSnapshot => {
    const id = get(selectedNetworkIdAtom)
    const network = networks.find((n) => n.caipNetworkId === id)
    const height = get(frameHeightAtom)
    const chain = get(activeChainAtom)
    return {
      open: options()?.enableEmbedded ? true : get(openAtom),
      loading: get(loadingAtom),
      view: top(),
      themeMode: get(themeModeAtom),
      ...(chain ? { activeChain: chain } : {}),
      ...(id ? { selectedNetworkId: id } : {}),
      ...(network
        ? {
            network: {
              caipNetworkId: network.caipNetworkId,
              id: network.id,
              name: network.name,
              chainNamespace: network.chainNamespace,
              nativeCurrency: network.nativeCurrency,
              testnet: network.testnet,
            },
          }
        : {}),
      accounts: withBalance(get(accountsAtom), get(nativeBalanceAtom)),
      closeDisabled: closeDisabled(),
      ...(options()?.enableEmbedded && height !== undefined ? { frameHeight: height } : {}),
    }
  }

  return {
    handlers,
    snapshot,
    features,
    networks: () => networks,
    /** Buttons of the views. */
    push(view: View) {
      set(historyAtom, (history) => pushView(history, view))
      if (view === 'AllWallets') track('CLICK_ALL_WALLETS')
      if (view === 'SwitchNetwork') track('CLICK_NETWORKS')
    },
    back() {
      const { history, close: mustClose } = goBack(get(historyAtom))
      if (mustClose) close()
      else set(historyAtom, history)
    },
    close,
    switchNetwork: switchFromView,
    /**
     * A network picked in the list: switched to at once, unless it is of another chain family that the
     * connected wallet cannot follow; then SwitchActiveChain asks first (SPEC §2).
     */
    async pickNetwork(id: string) {
      const network = networks.find((n) => n.caipNetworkId === id)
      if (
        network &&
        needsActiveChainSwitch(network.chainNamespace, get(activeChainAtom), get(accountsAtom))
      ) {
        set(activeChainTargetAtom, network.caipNetworkId as `${Namespace}:${string}`)
        set(historyAtom, (history) => pushView(history, 'SwitchActiveChain'))
        return
      }
      await switchFromView(id)
    },
    /** SwitchActiveChain confirmed: that family becomes active, and Connect offers its wallets. */
    async confirmActiveChainSwitch() {
      const id = get(activeChainTargetAtom)
      if (!id) return
      await switchFromView(id)
      // A failed switch shows its toast and stays here, target kept, to try again or cancel.
      if (get(activeChainAtom) !== id.split(':')[0]) return
      set(activeChainTargetAtom, undefined)
      set(historyAtom, ['Connect'])
    },
    connectInjected: (uuid: string) => injected.connect(uuid),
    connectWalletConnect: () => wc?.connect() ?? Promise.resolve(),
    /** WalletConnect with a directory wallet (AllWallets, recent), or any wallet by QR when none. */
    pickWalletConnect(wallet: DirectoryWallet | undefined) {
      set(selectedDirectoryWalletAtom, wallet)
      set(historyAtom, (history) => pushView(history, 'ConnectingWalletConnect'))
    },
    isMobile,
    api: () => api,
    projectId,
    cancelWalletConnect: () => wc?.cancel(),
    /** E-mail login (SPEC §4); throws 'Please try again after N seconds' within the cooldown. */
    connectEmail: (email: string) => {
      assertAllowed()
      if (!embeddedWallet)
        throw new AppKitError({ code: 5000, shortMessage: 'Unable to load email login dependency' })
      return embeddedWallet.connectEmail(email)
    },
    /** Social login in a popup (SPEC §4); its failure shows as a toast with the SPEC §8 words. */
    connectSocial: (provider: SocialProvider) => {
      assertAllowed()
      void embeddedWallet
        ?.connectSocial(provider)
        .catch((error: unknown) =>
          showToast('error', error instanceof AppKitError ? error.shortMessage : 'Failed to connect'),
        )
    },
    submitOtp: (otp: string) => embeddedWallet?.submitOtp(otp) ?? Promise.resolve(),
    updateEmail: (email: string) => embeddedWallet?.updateEmail(email) ?? Promise.resolve(),
    submitUpdateOtp: (otp: string) => embeddedWallet?.submitUpdateOtp(otp) ?? Promise.resolve(),
    embeddedEmail: () => embeddedWallet?.email(),
    isEmbeddedConnected: () => embeddedWallet?.isConnected() === true,
    submitRecovery: (text: string) => embeddedWallet?.submitRecovery(text) ?? Promise.resolve(),
    showToast,
    /** ProfileWallets: makes a connected wallet the active one of its namespace. */
    activateConnection: (namespace: Namespace, connectorId: string) => {
      connections.activate(namespace, connectorId)
      // The network follows the wallet: the chain its account is on, if configured.
      const chain = accountOf(namespace)?.caipAddress?.split(':').slice(0, 2).join(':')
      const network = networks.find((n) => n.caipNetworkId === chain)
      if (network) selectNetwork(network)
    },
    /** ProfileWallets: disconnects one wallet; the next one of its namespace takes over. */
    disconnectConnection: (namespace: Namespace, connectorId: string) =>
      connections.disconnect(namespace, connectorId),
    dismissAlert: () => set(alertAtom, undefined),
    isCloseDisabled: closeDisabled,
  }
}
