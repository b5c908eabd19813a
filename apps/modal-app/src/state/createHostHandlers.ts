import {
  AppKitError,
  type InitOptions,
  InvalidAppConfigurationError,
  isAllowlistEnforced,
  isOriginAllowed,
  type ModalHandlers,
  type Namespace,
  NotReadyError,
  type OpenArgs,
  type PayOptions,
  type PayResult,
  type ProjectConfig,
  type ReplyEnvelope,
  type RpcRequest,
  SiwxConfigConflictError,
  serializeError,
  UnverifiedDomainError,
} from '@modalkit/protocol'
import { type Connectors, connectorList } from '../connectors/registry.ts'
import { log } from '../log.ts'
import { assertAdapter } from './assertAdapter.ts'
import {
  accountsAtom,
  activeChainAtom,
  alertAtom,
  announcedWalletsAtom,
  bitcoinWalletsAtom,
  historyAtom,
  hostOriginAtom,
  loadingAtom,
  networksAtom,
  optionsAtom,
  projectConfigAtom,
  selectedNetworkIdAtom,
  siteAllowedAtom,
  themeModeAtom,
  themeVariablesAtom,
} from './atoms.ts'
import type { ConnectionTracker } from './connections.ts'
import type { Notices } from './createNotices.ts'
import { isConnectedAtom } from './derivedAtoms.ts'
import { disconnectConnectors } from './disconnectConnectors.ts'
import { effectiveFeatures } from './effectiveFeatures.ts'
import { hostSnapshotAtom } from './hostSnapshotAtom.ts'
import type { ModalContext } from './ModalContext.ts'
import { initialNetwork, resolveNetworks } from './resolveNetworks.ts'
import { viewOnClose } from './viewStack.ts'
import { whileOpening } from './whileOpening.ts'

export type HostHandlersDeps = Pick<ModalContext, 'store' | 'events' | 'close'> & {
  /** The remote configuration, fetched as soon as the page loads (it races the handshake). */
  config: Promise<ProjectConfig>
  /** Fetches it again: after a failed load, the next init or open tries once more. */
  refetchConfig?: (() => Promise<ProjectConfig>) | undefined
  connectors: Connectors
  connections: Pick<ConnectionTracker, 'disconnectAll'>
  notices: Pick<Notices, 'showAlert'>
  assertAllowed(): void
  open(args?: OpenArgs): Promise<void>
  switchNetwork(caipNetworkId: string): Promise<void>
  request(request: RpcRequest): Promise<unknown>
  /** `window.appkit.pay()`. */
  pay(options: PayOptions): Promise<PayResult>
}

/** What the host loader's calls do (the penpal contract of packages/protocol, SPEC §7). */
export function createHostHandlers(deps: HostHandlersDeps): ModalHandlers {
  const { store, connectors } = deps
  const set = store.set
  let config = deps.config
  // The last load failed for a reason that can pass (network, Server Error, Service Unavailable): a
  // later call fetches again, so one bad moment does not break the site for the page's whole life.
  let loadFailed = false

  /** The project's remote configuration: features, and whether this site may use the modal. */
  const applyConfig = async (next: InitOptions) => {
    set(loadingAtom, true)
    try {
      if (loadFailed && deps.refetchConfig) config = deps.refetchConfig()
      const cfg = await config
      if (loadFailed) set(alertAtom, undefined)
      loadFailed = false
      set(projectConfigAtom, cfg)
      const { overridden } = effectiveFeatures(next.features, cfg.features, next.basic)
      if (overridden.length > 0) {
        log.warn(`the project's remote configuration overrides local settings: ${overridden.join(', ')}`)
      }
      const site = store.get(hostOriginAtom)
      // The project decides, from its remote configuration: a site's basic or features cannot switch it off.
      const enforced = isAllowlistEnforced(cfg.features)
      const listed = site !== undefined && isOriginAllowed(site, cfg.allowedOrigins)
      set(siteAllowedAtom, !enforced || listed)
      if (enforced && !listed) deps.notices.showAlert(new InvalidAppConfigurationError(site))
      // SPEC §8 unverified-domain alert: served (the project enforces no allowlist), but not one of
      // the project's domains, so the visitor is told before trusting it with a wallet.
      if (!enforced && !listed) deps.notices.showAlert(new UnverifiedDomainError(site))
    } catch (error) {
      const code = (error as AppKitError).code
      loadFailed = code === 'server_error' || code === 'service_unavailable'
      set(siteAllowedAtom, false)
      deps.notices.showAlert(error as AppKitError)
    } finally {
      set(loadingAtom, false)
    }
  }

  // The loader sends a first open right behind init, without waiting for init's reply (a cold open):
  // open waits here for the init before it, and fails as that init failed.
  let initializing: Promise<unknown> = Promise.resolve()

  /**
   * The calls that act for the site wait for its init, and so for the project's verdict on the site:
   * the loader never sends them earlier, but a hostile page can post them itself, before any init or
   * while the first configuration is loading. Refused without an init, then by the allowlist.
   */
  const initialized = async (call: string) => {
    await initializing.catch(() => undefined)
    if (!store.get(optionsAtom)) throw new NotReadyError(`${call} before init`)
    deps.assertAllowed()
  }

  /** A request of the page's provider: only for a namespace the site has an adapter for. */
  const request = async (one: RpcRequest): Promise<unknown> => {
    await initialized('request')
    assertAdapter(store, one.namespace)
    return deps.request(one)
  }

  const restoreIfAllowed = () => {
    // AppKit's `enableReconnect: false`: every visit starts disconnected.
    if (!store.get(siteAllowedAtom) || store.get(optionsAtom)?.enableReconnect === false) return
    // SPEC §8: a kept login found expired says 'Session Expired' (shown once the modal opens).
    for (const connector of connectorList(connectors))
      connector.restore().catch((error: unknown) => {
        if (error instanceof AppKitError && error.code === 'session_expired') deps.notices.showAlert(error)
        else throw error
      })
  }

  const init = async (next: InitOptions) => {
    if (next.siwx && next.siweConfig) throw new SiwxConfigConflictError()
    const configured = resolveNetworks(next)
    const first = initialNetwork(next, configured)
    set(networksAtom, configured)
    set(optionsAtom, next)
    // SPEC §9: the log keeps errors only unless the site asks for `debug`.
    log.setLevel(next.debug ? 'debug' : 'error')
    set(themeModeAtom, next.themeMode)
    set(themeVariablesAtom, next.themeVariables ?? {})
    set(selectedNetworkIdAtom, first.caipNetworkId as `${Namespace}:${string}`)
    set(activeChainAtom, first.chainNamespace)
    if (next.enableEmbedded) {
      set(historyAtom, [viewOnClose({ embedded: true, connected: store.get(isConnectedAtom) })])
    }
    await applyConfig(next)
    deps.events.emit('MODAL_CREATED')
    restoreIfAllowed()
    return store.get(hostSnapshotAtom)
  }

  return {
    init(next: InitOptions) {
      const run = init(next)
      initializing = run
      return run
    },
    open: (args) =>
      whileOpening(store, async () => {
        await initializing
        const options = store.get(optionsAtom)
        // An init its schema refused never reached `init` above: nothing may open without one.
        if (!options) throw new NotReadyError('open before init')
        if (loadFailed) {
          await applyConfig(options)
          restoreIfAllowed()
        }
        await deps.open(args)
      }),
    close: () => {
      deps.close()
    },
    switchNetwork: async (id) => {
      await initialized('switchNetwork')
      assertAdapter(store, id.split(':')[0] as Namespace)
      await deps.switchNetwork(id)
    },
    setNetworks: (ids) => {
      const options = store.get(optionsAtom)
      if (!options) throw new NotReadyError('setNetworks before init')
      const next = { ...options, networks: ids }
      // Unknown ids throw 'Network Not Found' here, before anything changes.
      set(networksAtom, resolveNetworks(next))
      set(optionsAtom, next)
    },
    walletsChanged: (wallets) => {
      set(announcedWalletsAtom, wallets)
    },
    injectedEvent: (event) => connectors.injected.onEvent(event),
    bitcoinWalletsChanged: (wallets) => {
      set(bitcoinWalletsAtom, wallets)
    },
    bitcoinWalletEvent: (event) => connectors.bitcoinWallet.onEvent(event),
    pay: async (options) => {
      await initialized('pay')
      return deps.pay(options)
    },
    disconnect: async (namespace) => {
      await initialized('disconnect')
      await deps.connections.disconnectAll(namespace)
      const { disconnected, error } = await disconnectConnectors(connectorList(connectors), namespace)
      // What did disconnect is shown as such, even when another wallet failed (no half-done state).
      set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          disconnected.includes(a.namespace)
            ? { namespace: a.namespace, status: 'disconnected' as const }
            : a,
        ),
      )
      if (error) {
        deps.events.emit('DISCONNECT_ERROR')
        throw error
      }
      deps.events.emit('DISCONNECT_SUCCESS')
    },
    setThemeMode: (mode) => {
      set(themeModeAtom, mode)
    },
    setThemeVariables: (variables) => {
      set(themeVariablesAtom, (current) => ({ ...current, ...variables }))
    },
    request,
    // Each read answered on its own, all at once: the RPC batcher sends them as one JSON-RPC batch.
    requestReads: (requests) =>
      Promise.all(
        requests.map((one) =>
          request(one).then(
            (value): ReplyEnvelope => ({ ok: true, value }),
            (error: unknown): ReplyEnvelope => ({ ok: false, error: serializeError(error) }),
          ),
        ),
      ),
  }
}
