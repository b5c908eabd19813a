import {
  type AppKitError,
  type InitOptions,
  InvalidAppConfigurationError,
  isAllowlistEnforced,
  isOriginAllowed,
  type ModalHandlers,
  type Namespace,
  type OpenArgs,
  type ProjectConfig,
  type RpcRequest,
  SiwxConfigConflictError,
} from '@modalkit/protocol'
import { type Connectors, connectorList } from '../connectors/registry.ts'
import {
  accountsAtom,
  activeChainAtom,
  announcedWalletsAtom,
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
import { effectiveFeatures } from './effectiveFeatures.ts'
import { hostSnapshotAtom } from './hostSnapshotAtom.ts'
import type { ModalContext } from './ModalContext.ts'
import { initialNetwork, resolveNetworks } from './resolveNetworks.ts'
import { viewOnClose } from './viewStack.ts'

export type HostHandlersDeps = Pick<ModalContext, 'store' | 'events' | 'close'> & {
  /** The remote configuration, fetched as soon as the page loads (it races the handshake). */
  config: Promise<ProjectConfig>
  connectors: Connectors
  connections: Pick<ConnectionTracker, 'disconnectAll'>
  notices: Pick<Notices, 'showAlert'>
  assertAllowed(): void
  open(args?: OpenArgs): Promise<void>
  switchNetwork(caipNetworkId: string): Promise<void>
  request(request: RpcRequest): Promise<unknown>
}

/** What the host loader's calls do (the penpal contract of packages/protocol, SPEC §7). */
export function createHostHandlers(deps: HostHandlersDeps): ModalHandlers {
  const { store, connectors } = deps
  const set = store.set

  /** The project's remote configuration: features, and whether this site may use the modal. */
  const applyConfig = async (next: InitOptions) => {
    set(loadingAtom, true)
    try {
      const cfg = await deps.config
      set(projectConfigAtom, cfg)
      const { overridden } = effectiveFeatures(next.features, cfg.features, next.basic)
      if (overridden.length > 0) {
        console.warn(
          `[appkit] the project's remote configuration overrides local settings: ${overridden.join(', ')}`,
        )
      }
      const site = store.get(hostOriginAtom)
      // The project decides, from its remote configuration: a site's basic or features cannot switch it off.
      const enforced = isAllowlistEnforced(cfg.features)
      const allowed = !enforced || (site !== undefined && isOriginAllowed(site, cfg.allowedOrigins))
      set(siteAllowedAtom, allowed)
      if (!allowed) deps.notices.showAlert(new InvalidAppConfigurationError(site))
    } catch (error) {
      set(siteAllowedAtom, false)
      deps.notices.showAlert(error as AppKitError)
    } finally {
      set(loadingAtom, false)
    }
  }

  return {
    async init(next: InitOptions) {
      if (next.siwx && next.siweConfig) throw new SiwxConfigConflictError()
      const configured = resolveNetworks(next)
      const first = initialNetwork(next, configured)
      set(networksAtom, configured)
      set(optionsAtom, next)
      set(themeModeAtom, next.themeMode)
      set(themeVariablesAtom, next.themeVariables ?? {})
      set(selectedNetworkIdAtom, first.caipNetworkId as `${Namespace}:${string}`)
      set(activeChainAtom, first.chainNamespace)
      if (next.enableEmbedded) {
        set(historyAtom, [viewOnClose({ embedded: true, connected: store.get(isConnectedAtom) })])
      }
      await applyConfig(next)
      deps.events.emit('MODAL_CREATED')
      if (store.get(siteAllowedAtom)) {
        for (const connector of connectorList(connectors)) void connector.restore()
      }
      return store.get(hostSnapshotAtom)
    },
    open: (args) => deps.open(args),
    close: () => {
      deps.close()
    },
    switchNetwork: async (id) => {
      deps.assertAllowed()
      await deps.switchNetwork(id)
    },
    walletsChanged: (wallets) => {
      set(announcedWalletsAtom, wallets)
    },
    injectedEvent: (event) => connectors.injected.onEvent(event),
    disconnect: async (namespace) => {
      deps.assertAllowed()
      await deps.connections.disconnectAll(namespace)
      for (const connector of connectorList(connectors)) {
        if (connector.isConnected(namespace)) await connector.disconnect()
      }
      set(accountsAtom, (accounts) =>
        accounts.map((a) =>
          namespace === undefined || a.namespace === namespace
            ? { namespace: a.namespace, status: 'disconnected' as const }
            : a,
        ),
      )
      deps.events.emit('DISCONNECT_SUCCESS')
    },
    setThemeMode: (mode) => {
      set(themeModeAtom, mode)
    },
    setThemeVariables: (variables) => {
      set(themeVariablesAtom, (current) => ({ ...current, ...variables }))
    },
    request: (request) => deps.request(request),
  }
}
