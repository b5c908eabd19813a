import {
  type AnalyticsEvent,
  type DirectoryWallet,
  InvalidAppConfigurationError,
  InvalidProjectIdError,
  type Namespace,
  type ProjectConfig,
  projectConfigSchema,
  ServerError,
  SITE_ORIGIN_HEADER,
  walletDirectoryReplySchema,
} from '@modalkit/protocol'
import { laterMethods, loadOnce } from '../chunks/loadLater.ts'
import type { AccountDataMethods } from './accountDataMethods.ts'
import type { ConvertMethods } from './convertMethods.ts'
import type { RpcRead } from './createRpcBatcher.ts'
import { fetchWithRetry } from './fetchWithRetry.ts'
import type { NameMethods } from './nameMethods.ts'
import type { OnrampMethods } from './onrampMethods.ts'

export type ApiClient = AccountDataMethods &
  ConvertMethods &
  NameMethods &
  OnrampMethods & {
    /** Remote project configuration (SPEC §1). */
    getProjectConfig(projectId: string): Promise<ProjectConfig>
    /** SPEC §7 analytics; a 403 means the site is not on the project's allowlist. */
    sendEvent(projectId: string, event: AnalyticsEvent): Promise<void>
    /** A read through the API's chain RPC proxy (SPEC §7 chain RPC), batched and deduped (SPEC §9). */
    rpc(projectId: string, caipNetworkId: string, method: string, params: unknown[]): Promise<unknown>
    /** An ERC-4337 read (a user operation's receipt…) through the API's bundler route, alone. */
    bundler(projectId: string, caipNetworkId: string, method: string, params: unknown[]): Promise<unknown>
    /** One page of the wallet directory (AllWallets), image URLs made absolute. */
    getWallets(projectId: string, query: WalletQuery): Promise<{ count: number; data: DirectoryWallet[] }>
  }

/** A search of the wallet directory: AllWallets' pages, the featured wallets. */
export type WalletQuery = {
  search?: string
  namespaces?: readonly Namespace[]
  page?: number
  /** Only these wallets, in this order (ids of ours or WalletGuide's). */
  include?: readonly string[]
  /** Not these wallets. */
  exclude?: readonly string[]
}

/** AllWallets' page: six rows of four tiles, more than the grid shows, so scrolling reaches the next. */
const DIRECTORY_PAGE_SIZE = 24

/**
 * The calls of the views that are not the first (Account, Swap, names, Buy) with their reply schemas,
 * and the chain reads' batcher: a chunk each, loaded by the first call or prefetched with the views
 * (not with the modal's first view).
 */
const CHUNKS = {
  accountData: () => import('./accountDataMethods.ts'),
  convert: () => import('./convertMethods.ts'),
  names: () => import('./nameMethods.ts'),
  onramp: () => import('./onrampMethods.ts'),
  rpcReads: () => import('./createRpcBatcher.ts'),
}

/** Fetches the API calls' chunks ahead of need: with the views', once the modal has first opened. */
export function prefetchApiMethods(): Promise<void> {
  return Promise.all(Object.values(CHUNKS).map((load) => load().catch(() => {}))).then(() => {})
}

/** The modal's one HTTP client. Every reply is parsed by its protocol schema. */
export function createApiClient(
  apiUrl: string,
  version: string,
  fetcher: typeof fetch = fetch,
  /** The handshake origin (browser-reported): the API checks it against the allowlist on each call. */
  siteOrigin: () => string | undefined = () => undefined,
): ApiClient {
  const batchers = new Map<string, RpcRead>()
  const site = (): Record<string, string> => {
    const origin = siteOrigin()
    return origin ? { [SITE_ORIGIN_HEADER]: origin } : {}
  }
  /** A JSON-RPC body for one chain to one of the API's chain routes. */
  const post = (route: '/v1/' | '/v1/bundler', projectId: string) => (chainId: string, body: unknown) =>
    fetchWithRetry(
      `${apiUrl}${route}?${new URLSearchParams({ chainId, projectId })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...site() },
        body: JSON.stringify(body),
      },
      fetcher,
    )
  const accountData = loadOnce(() =>
    CHUNKS.accountData().then((m) => m.accountDataMethods(apiUrl, fetcher, site)),
  )
  const convert = loadOnce(() => CHUNKS.convert().then((m) => m.convertMethods(apiUrl, fetcher, site)))
  const names = loadOnce(() => CHUNKS.names().then((m) => m.nameMethods(apiUrl, fetcher, site)))
  const onramp = loadOnce(() => CHUNKS.onramp().then((m) => m.onrampMethods(apiUrl, fetcher, site)))
  const rpcReads = loadOnce(CHUNKS.rpcReads)
  return {
    ...laterMethods<AccountDataMethods>(accountData.get, {
      getSupportedChains: true,
      getBalances: true,
      getNfts: true,
      getHistory: true,
    }),
    ...laterMethods<ConvertMethods>(convert.get, {
      getSwapTokens: true,
      getSwapQuote: true,
      getSwapAllowance: true,
      getSwapGasPrice: true,
      buildSwapApprove: true,
      buildSwapTransaction: true,
    }),
    ...laterMethods<NameMethods>(names.get, {
      getIdentity: true,
      getNameSuggestions: true,
      resolveProfileName: true,
      registerName: true,
    }),
    ...laterMethods<OnrampMethods>(onramp.get, {
      getOnrampOptions: true,
      getOnrampQuote: true,
      createOnrampUrl: true,
    }),
    async getProjectConfig(projectId) {
      let res: Response
      try {
        // SPEC §9's retry (3 more tries, 150 ms doubling, Retry-After honoured): one dropped request or
        // a replica restarting must not leave the site without its configuration.
        res = await fetchWithRetry(
          `${apiUrl}/v1/projects/${encodeURIComponent(projectId)}/config`,
          {},
          fetcher,
        )
      } catch (error) {
        throw new ServerError(
          `failed to get the app configuration: ${error instanceof Error ? error.message : 'network'}`,
        )
      }
      if (res.status === 404) throw new InvalidProjectIdError(projectId)
      if (!res.ok) throw new ServerError(`failed to get the app configuration: HTTP ${res.status}`)
      const parsed = projectConfigSchema.safeParse(await res.json().catch(() => undefined))
      if (!parsed.success) throw new ServerError('failed to get the app configuration: malformed reply')
      return parsed.data
    },
    async sendEvent(projectId, event) {
      const query = new URLSearchParams({ projectId, st: 'appkit', sv: version })
      const res = await fetcher(`${apiUrl}/e?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...site() },
        body: JSON.stringify(event),
        keepalive: true,
      })
      if (res.status === 403) throw new InvalidAppConfigurationError('analytics refused this site origin')
    },
    async getWallets(projectId, { search, namespaces, page = 1, include, exclude }) {
      // Only none of no wallets: nothing to ask.
      if (include?.length === 0) return { count: 0, data: [] }
      const query = new URLSearchParams({
        projectId,
        page: String(page),
        entries: String(DIRECTORY_PAGE_SIZE),
      })
      if (search) query.set('search', search)
      if (namespaces?.length) query.set('namespaces', namespaces.join(','))
      if (include) query.set('include', include.join(','))
      if (exclude?.length) query.set('exclude', exclude.join(','))
      const res = await fetchWithRetry(`${apiUrl}/v1/wallets?${query}`, { headers: site() }, fetcher)
      const reply = walletDirectoryReplySchema.safeParse(await res.json().catch(() => undefined))
      if (!res.ok || !reply.success) throw new ServerError(`wallet directory: HTTP ${res.status}`)
      return {
        count: reply.data.count,
        data: reply.data.data.map((wallet) => ({
          ...wallet,
          imageUrl: new URL(wallet.imageUrl, apiUrl).href,
        })),
      }
    },
    // The chain reads' batcher loads with the first read (not before the first click); a
    // read that waits for it resumes in the task it was made in, so one task's reads still batch.
    async rpc(projectId, caipNetworkId, method, params) {
      const { createRpcBatcher } = await rpcReads.get()
      let read = batchers.get(projectId)
      if (!read) {
        read = createRpcBatcher(post('/v1/', projectId))
        batchers.set(projectId, read)
      }
      return read(caipNetworkId, method, params)
    },
    async bundler(projectId, caipNetworkId, method, params) {
      const { createBundlerRead } = await rpcReads.get()
      return createBundlerRead(post('/v1/bundler', projectId))(caipNetworkId, method, params)
    },
  }
}
