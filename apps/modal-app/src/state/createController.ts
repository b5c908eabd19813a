import type { AppKitError, HostClient, ProjectConfig } from '@modalkit/protocol'
import type { ApiClient } from '../api/createApiClient.ts'
import type { SiwxApi } from '../api/createSiwxApi.ts'
import { withReadCaches } from '../api/withReadCaches.ts'
import { laterMethods, loadOnce } from '../chunks/loadLater.ts'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { connectorOf, createConnectors } from '../connectors/registry.ts'
import type { WalletConnectClient } from '../connectors/walletConnect/createWalletConnectClient.ts'
import { loadEnglishLater } from '../i18n/englishLater.ts'
import { lazySiwx } from '../siwx/lazySiwx.ts'
import { tokensStaleAtom } from './accountData/accountDataAtoms.ts'
import { assertSiteAllowed } from './assertSiteAllowed.ts'
import type { Store } from './atoms.ts'
import { type ConnectionTracker, createConnectionTracker } from './connections.ts'
import { createAnalytics } from './createAnalytics.ts'
import { createHostHandlers } from './createHostHandlers.ts'
import { createNetworkActions } from './createNetworkActions.ts'
import { createNotices } from './createNotices.ts'
import { createOpenClose } from './createOpenClose.ts'
import { createViewActions } from './createViewActions.ts'
import { featuresAtom } from './derivedAtoms.ts'
import { hostSnapshotAtom } from './hostSnapshotAtom.ts'
import { lazyRpcHandler } from './lazyRpcHandler.ts'
import type { EventProperties, ModalContext, ModalEventName } from './ModalContext.ts'
import { refreshProfileName } from './names/profileName.ts'
import type { PayActions } from './pay/createPayActions.ts'
import { refreshBalance as readBalance } from './refreshBalance.ts'

export type { ModalEventName } from './ModalContext.ts'

export type ControllerDeps = {
  store: Store
  api: ApiClient
  projectId: string
  /** The remote configuration, fetched as soon as the page loads (it races the handshake). */
  config: Promise<ProjectConfig>
  /** Fetches the configuration again after a failed load (createHostHandlers). */
  refetchConfig?: () => Promise<ProjectConfig>
  isMobile: boolean
  /** Sends an event to the host page (subscribeEvents). */
  emit(event: ModalEventName, properties?: EventProperties): void
  /** The host loader, once the channel is up: it calls the site's browser wallets. */
  host?: () => HostClient | undefined
  /** WalletConnect, built by the app from the runtime configuration (relay URL), its code loaded on first use. */
  loadWalletConnect?: (() => Promise<WalletConnectClient>) | undefined
  /** The chain RPC URL of a network for wallets: the API's proxy. */
  rpcUrl?: (caipNetworkId: string) => string
  /** The secure frame of the embedded wallet, its code loaded on first use (connectors/registry.ts). */
  loadFrame?: (() => Promise<() => FrameClient>) | undefined
  authOrigin?: string
  version?: string
  now?: () => number
  /** The API's SIWX calls for the handshake's site (the default verifier), their code loaded with SIWX's. */
  loadSiwxApi?: () => Promise<SiwxApi>
  /** Renders a state change at once (react-dom's flushSync): opening uses it (createOpenClose). */
  commitNow?: (update: () => void) => void
}

export type Controller = ReturnType<typeof createController>

/** The modal origin's localStorage, or none where the browser blocks it in a third-party frame. */
function modalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/**
 * The modal's composition root (SPEC §2, §4, §5): it builds the context every feature receives, the
 * connectors (connectors/registry.ts), and the rules over the atoms, then hands the host loader its
 * handlers and the views their actions. The rules live in the modules it wires; none imports it.
 */
export function createController({
  store,
  api: apiClient,
  projectId,
  config,
  refetchConfig,
  isMobile,
  emit,
  host = () => undefined,
  loadWalletConnect,
  rpcUrl = () => '',
  loadFrame,
  authOrigin = '',
  version = '0.0.0',
  now = Date.now,
  loadSiwxApi,
  commitNow,
}: ControllerDeps) {
  // One set of SPEC §9 caches for every feature: Account's reads on each open, Send's names.
  const api = withReadCaches(apiClient, now)
  const notices = createNotices(store, now)
  const analytics = createAnalytics({ store, api, projectId, now, emit, showAlert: notices.showAlert })
  const assertAllowed = () => assertSiteAllowed(store, projectId)
  // SPEC §9 caches: on open, a fresh balance and identity are not asked again; after the user's own
  // transaction (`force`) the balance is.
  const refreshBalance = (force = false) => {
    void refreshProfileName(store, api, projectId)
    return readBalance(store, api, projectId, { force, now })
  }

  const ctx: ModalContext = {
    store,
    analytics,
    events: { emit },
    // A connection that ends by closing goes back to Pay instead while a payment waits for it.
    close: () => pay.resumeAfterConnect() || openClose.close(),
    storage: modalStorage(),
    clock: { now },
  }

  const connectors = createConnectors({
    ...ctx,
    projectId,
    version,
    host,
    loadWalletConnect,
    loadFrame,
    authOrigin,
    rpcUrl,
    assertAllowed,
    refreshBalance: () => refreshBalance(true), // the embedded wallet's, after it sent a transaction
    connections: () => connections,
    alertOnce: notices.showAlertOnce,
  })

  const connections: ConnectionTracker = createConnectionTracker({
    store,
    multiWallet: () => store.get(featuresAtom).multiWallet !== false,
    describe: (connectorId) =>
      connectorOf(connectors, connectorId)?.describe(connectorId) ?? { name: connectorId },
    disconnect: async (connectorId) => connectorOf(connectors, connectorId)?.disconnect(connectorId),
  })

  const networkActions = createNetworkActions({ ...ctx, connectors, notices, assertAllowed })

  const openClose = createOpenClose({
    ...ctx,
    isMobile,
    shake: notices.shake,
    abortPending: () => connectors.embedded?.abortPending(),
    switchNetwork: networkActions.switchNetwork,
    refreshBalance: () => refreshBalance(),
    preload: () => {
      for (const connector of Object.values(connectors)) connector?.preload()
    },
    ...(commitNow ? { commitNow } : {}),
  })

  // Pay is a chunk of its own, loaded by the site's first pay(): no payment is open before.
  // With English's later messages (englishLater.ts): its toasts may come before its view.
  const payActions = loadOnce(() =>
    Promise.all([import('./pay/createPayActions.ts'), loadEnglishLater()]).then(([{ createPayActions }]) =>
      createPayActions({
        store,
        analytics,
        connectors,
        notices,
        open: openClose.open,
        close: () => openClose.close(),
        switchNetwork: networkActions.switchNetwork,
      }),
    ),
  )
  const pay = {
    ...laterMethods<Pick<PayActions, 'start' | 'pay'>>(payActions.get, { start: true, pay: true }),
    resumeAfterConnect: () => payActions.current()?.resumeAfterConnect() ?? false,
  }

  const request = lazyRpcHandler({
    ...ctx,
    api,
    projectId,
    connectors,
    notices,
    assertAllowed,
    switchNetwork: networkActions.switchNetwork,
    // After the user's own transaction, token balances are read past the API's cache too.
    refreshBalance: () => {
      store.set(tokensStaleAtom, true)
      return refreshBalance(true)
    },
  })
  const handlers = createHostHandlers({
    ...ctx,
    config,
    refetchConfig,
    connectors,
    connections,
    notices,
    assertAllowed,
    open: openClose.open,
    switchNetwork: networkActions.switchNetwork,
    pay: pay.start,
    request,
  })

  const siwx = lazySiwx(store, () =>
    Promise.all([import('../siwx/startSiwx.ts'), loadSiwxApi?.()]).then(([{ startSiwx }, siwxApi]) =>
      startSiwx({
        ...ctx,
        connectors,
        host,
        siwxApi,
        now,
        storage: ctx.storage,
        disconnect: async (namespace) => {
          await handlers.disconnect(namespace)
        },
        switchNetwork: networkActions.switchNetwork,
      }),
    ),
  )

  const actions = createViewActions({
    ...ctx,
    api,
    host,
    projectId,
    isMobile,
    connectors,
    connections,
    networkActions,
    notices,
    disconnect: handlers.disconnect,
    assertAllowed,
    siwx,
    pay,
  })

  return {
    /** The host loader's calls (the channel serves them). */
    handlers,
    /**
     * SPEC §8 'Session Expired': whatever the secure frame was asked, an answer with that code means
     * the embedded wallet's session is gone (expired, revoked, or a clock far off), so it shows.
     */
    onFrameError(error: AppKitError): void {
      if (error.code === 'session_expired') notices.showAlert(error)
    },
    /** What the host mirrors, as the channel pushes it. */
    snapshot: () => store.get(hostSnapshotAtom),
    /** The views' buttons. */
    actions,
    ...actions,
  }
}
