// The modal's styles, in cascade order (one sheet once, cut so no file needs a table of contents).
import './styles/base.css'
import './styles/layout.css'
import './styles/controls.css'
import './styles/notices.css'
import './styles/wallets.css'
import './styles/account.css'
import './styles/swap.css'
import type { HostClient } from '@modalkit/protocol'
import { Provider } from 'jotai/react'
import { StrictMode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { createApiClient } from './api/createApiClient.ts'
import { startChannel } from './channel/startChannel.ts'
import { ensureStorage } from './env/ensureStorage.ts'
import { readEnv } from './env/readEnv.ts'
import { syncLocale } from './i18n/syncLocale.ts'
import { log } from './log.ts'
import { apiUrlAtom, bindViewRouterAtom, createStore, hostOriginAtom, optionsAtom } from './state/atoms.ts'
import { createController } from './state/createController.ts'
import { createViewRouter } from './state/createViewRouter.ts'
import { App } from './ui/App.tsx'
import { ViewActionsContext } from './ui/ViewActionsContext.ts'
import { viewRoutes } from './ui/viewRoutes.tsx'

const env = readEnv()
if (!ensureStorage()) log.warn('storage is blocked in this frame: connections last until reload')
const projectId = new URLSearchParams(window.location.search).get('projectId') ?? ''
const store = createStore()
// The view stack is this router's history; connectors and the controller navigate it from plain TS.
store.set(bindViewRouterAtom, createViewRouter(viewRoutes))
store.set(apiUrlAtom, env.apiUrl)
syncLocale(store)
const api = createApiClient(env.apiUrl, env.version, undefined, () => store.get(hostOriginAtom))
let host: HostClient | undefined

// The remote configuration is fetched at once, while the host's handshake is in flight.
const config = api.getProjectConfig(projectId)
config.catch(() => {})

/** For clients that cannot add the site header (the secure frame, WalletConnect's RPC map). */
const rpcUrl = (caipNetworkId: string) => {
  const site = store.get(hostOriginAtom)
  const query = new URLSearchParams({
    chainId: caipNetworkId,
    projectId,
    ...(site ? { siteOrigin: site } : {}),
  })
  return `${env.apiUrl}/v1/?${query}`
}

if (env.walletConnectVerify === false) {
  // The SDK's only switch for skipping Verify is this test-run flag (see readEnv).
  const scope = globalThis as { process?: { env: Record<string, string> } }
  scope.process ??= { env: {} }
  scope.process.env.IS_VITEST = 'true'
}

// WalletConnect, when a relay is configured: its client's code with its connector's, on first need.
const relayUrl = env.relayUrl
const loadWalletConnect = relayUrl
  ? () =>
      import('./connectors/walletConnect/createWalletConnectClient.ts').then(
        ({ createWalletConnectClient }) =>
          createWalletConnectClient({
            projectId,
            relayUrl,
            // The wallet is told the site's name, and its origin as the browser reported it in the
            // handshake, as `url` (the connector keeps it past the SDK's own-page default) and in the
            // description. The modal's origin only before a handshake, when no site is known.
            metadata: () => {
              const site = store.get(hostOriginAtom) ?? ''
              const metadata = store.get(optionsAtom)?.metadata
              return {
                name: metadata?.name ?? (site ? new URL(site).host : 'App'),
                description: site ? `Connect to ${site}` : (metadata?.description ?? ''),
                url: site || window.location.origin,
                icons: metadata?.icons ?? [],
              }
            },
          }),
      )
  : undefined

const controller = createController({
  store,
  api,
  projectId,
  config,
  refetchConfig: () => api.getProjectConfig(projectId),
  isMobile: /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent),
  host: () => host,
  loadWalletConnect,
  rpcUrl,
  // The embedded wallet's secure frame: its code with the wallet's, once a login needs it.
  loadFrame: () =>
    import('./connectors/embedded/secureFrame.ts').then(({ createSecureFrame }) =>
      createSecureFrame({
        store,
        authOrigin: env.authOrigin,
        projectId,
        version: env.version,
        rpcUrl,
        onErrorReply: (error) => controller.onFrameError(error),
      }),
    ),
  authOrigin: env.authOrigin,
  version: env.version,
  loadSiwxApi: () =>
    import('./api/createSiwxApi.ts').then(({ createSiwxApi }) =>
      createSiwxApi(env.apiUrl, projectId, () => store.get(hostOriginAtom)),
    ),
  commitNow: flushSync,
  emit(event, properties) {
    host
      ?.emitEvent({
        timestamp: Date.now(),
        data: { type: 'track', event, ...(properties ? { properties } : {}) },
      })
      .catch((error: unknown) => log.error('event push failed', error))
  },
})

// The first render waits for the site's options (init). Before them it would lay out a tree that
// init then changes, and that work would hold up the handshake's replies on a cold open.
const root = createRoot(document.getElementById('root')!)
let mounted = false
const mount = () => {
  if (mounted) return
  mounted = true
  flushSync(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <ViewActionsContext.Provider value={controller.actions}>
            <App />
          </ViewActionsContext.Provider>
        </Provider>
      </StrictMode>,
    ),
  )
}

startChannel(store, {
  ...controller.handlers,
  init: async (options) => {
    try {
      return await controller.handlers.init(options)
    } finally {
      mount()
    }
  },
}).then(
  (client) => {
    host = client
  },
  (error: unknown) => {
    mount()
    log.error('no host connected', error)
  },
)
