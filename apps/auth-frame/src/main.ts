import './styles.css'
import { FRAME_PREFIX } from '@modalkit/protocol'
import { createAuthApiClient } from './api/createAuthApiClient.ts'
import { readFrameEnv } from './env/readFrameEnv.ts'
import { createFrameLanguage } from './i18n/frameLanguage.ts'
import { browserMessages, showPageText, showPageTitle } from './i18n/messages.ts'
import { createDeviceShareStore } from './keys/createDeviceShareStore.ts'
import { applyFrameLogSetting } from './log.ts'
import { createChainRpc } from './router/createChainRpc.ts'
import { createFrameHandlers } from './router/createFrameHandlers.ts'
import { startRouter } from './router/startRouter.ts'
import { fetchSmartAccounts } from './smartAccount/fetchSmartAccounts.ts'
import { createSessionStore } from './storage/createSessionStore.ts'
import { withMemoryFallback } from './storage/withMemoryFallback.ts'
import { createBitcoinGrants } from './wallet/bitcoin/createBitcoinGrants.ts'
import { createEmbeddedWallet, type EmbeddedWallet } from './wallet/createEmbeddedWallet.ts'

/**
 * The secure origin: the only place embedded-wallet key material exists. It answers the modal's
 * SPEC §7 requests (from the parent window on the modal's exact origin only), shows every approval
 * itself, and keeps its session in its own storage as a bearer token (no cookies).
 */
const env = readFrameEnv()
const query = new URLSearchParams(location.search)
applyFrameLogSetting(query)
const projectId = query.get('projectId') ?? ''
const rpcUrls = new Map<string, string>()
const apiOrigin = new URL(env.apiUrl).origin
const isApiUrl = (url: string) => {
  try {
    return new URL(url).origin === apiOrigin
  } catch {
    return false
  }
}
const initialChain = query.get('chainId') ?? ''
const initialRpc = query.get('rpcUrl')
if (initialChain && initialRpc && isApiUrl(initialRpc)) rpcUrls.set(initialChain, initialRpc)

const api = createAuthApiClient({ apiUrl: env.apiUrl })
const deviceStore = withMemoryFallback(() => createDeviceShareStore(indexedDB))
const sessionStore = createSessionStore()
const rpc = createChainRpc((chain) => rpcUrls.get(chain), {
  apiOrigin,
  authorization: () => api.authorization(),
})
let wallet: EmbeddedWallet | undefined

/** The registry's reads go through the API's chain proxy, like every read of this frame. */
function farcasterConfig({ relayUrl, registryChainId }: { relayUrl: string; registryChainId: string }) {
  return {
    relayUrl,
    rpcUrl: (siteOrigin: string) =>
      `${env.apiUrl}/v1/?${new URLSearchParams({ chainId: registryChainId, projectId, siteOrigin })}`,
  }
}

const parent = window.parent
if (parent === window) {
  void browserMessages().then((messages) => {
    showPageTitle(messages, 'page.frameTitle')
    showPageText(messages, 'page.frameAlone')
  })
} else {
  startRouter({
    modalOrigin: env.modalOrigin,
    parent,
    handlers: createFrameHandlers({
      // The page's title speaks the screens' language: the browser's, then the modal's (SYNC_LOCALE).
      language: createFrameLanguage(undefined, (messages) => showPageTitle(messages, 'page.frameTitle')),
      bitcoinGrants: createBitcoinGrants(sessionStore),
      wallet: () => wallet,
      openWallet: (siteOrigin) => {
        wallet = createEmbeddedWallet({ api, projectId, siteOrigin, deviceStore, sessionStore, rpc })
        return wallet
      },
      projectId,
      chain: { id: initialChain.split(':')[1] ?? initialChain },
      // Reads and sends go to the API's chain proxy only: the CSP allows no other host anyway.
      setRpcUrl: (chain, url) => {
        if (isApiUrl(url)) rpcUrls.set(chain, url)
      },
      ...(env.farcaster ? { farcaster: farcasterConfig(env.farcaster) } : {}),
      smartAccounts: (siteOrigin) => fetchSmartAccounts(env.apiUrl, projectId, siteOrigin),
      smartAccountEndpoints: (siteOrigin, chainId) => {
        const query = new URLSearchParams({ chainId, projectId, siteOrigin })
        return {
          rpcUrl: `${env.apiUrl}/v1/?${query}`,
          bundlerUrl: `${env.apiUrl}/v1/bundler?${query}`,
          paymasterUrl: `${env.apiUrl}/v1/paymaster?${query}`,
        }
      },
      onApprovalVisibility: (open, height) =>
        parent.postMessage(
          { type: `${FRAME_PREFIX}APPROVAL`, payload: { open, ...(height === undefined ? {} : { height }) } },
          env.modalOrigin,
        ),
    }),
  })
}
