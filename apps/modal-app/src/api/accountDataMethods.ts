import {
  balanceReplySchema,
  type HistoryReply,
  historyReplySchema,
  type Nft,
  nftsReplySchema,
  ServerError,
  supportedChainsReplySchema,
  type TokenBalance,
} from '@modalkit/protocol'
import { fetchWithRetry } from './fetchWithRetry.ts'

export type AccountDataMethods = {
  /** SPEC §7 supported chains: the networks the data API serves; the others skip its calls. */
  getSupportedChains(projectId: string): Promise<string[]>
  /** SPEC §7 account balance: the native currency and tokens, valued in `currency`. */
  getBalances(
    projectId: string,
    query: { address: string; chainId: string; currency?: 'usd' | 'eur'; forceUpdate?: boolean },
  ): Promise<TokenBalance[]>
  /** The account's NFTs on one network (image URLs made absolute). */
  getNfts(projectId: string, query: { address: string; chainId: string }): Promise<Nft[]>
  /** SPEC §7 transaction history: one page, `next` the cursor of the following one. */
  getHistory(
    projectId: string,
    query: { address: string; chainId: string; cursor?: string },
  ): Promise<HistoryReply>
}

/** The API client's data calls for the Account view; every reply parsed by its schema. */
export function accountDataMethods(
  apiUrl: string,
  fetcher: typeof fetch,
  site: () => Record<string, string>,
): AccountDataMethods {
  const get = async <T>(
    path: string,
    query: Record<string, string>,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    what: string,
  ) => {
    const res = await fetchWithRetry(
      `${apiUrl}${path}?${new URLSearchParams(query)}`,
      { headers: site() },
      fetcher,
    )
    const reply = schema.safeParse(await res.json().catch(() => undefined))
    if (!res.ok || !reply.success) throw new ServerError(`${what}: HTTP ${res.status}`)
    return reply.data
  }
  const absolute = (url: string | undefined) => (url ? new URL(url, apiUrl).href : undefined)
  return {
    async getSupportedChains(projectId) {
      return (
        await get('/v1/supported-chains', { projectId }, supportedChainsReplySchema, 'supported chains')
      ).http
    },
    async getBalances(projectId, { address, chainId, currency = 'usd', forceUpdate }) {
      const query = { projectId, chainId, currency, ...(forceUpdate ? { forceUpdate: 'true' } : {}) }
      const reply = await get(
        `/v1/account/${encodeURIComponent(address)}/balance`,
        query,
        balanceReplySchema,
        'balance',
      )
      return reply.balances
    },
    async getNfts(projectId, { address, chainId }) {
      const reply = await get(
        `/v1/account/${encodeURIComponent(address)}/nfts`,
        { projectId, chainId },
        nftsReplySchema,
        'nfts',
      )
      return reply.nfts.map(({ imageUrl, ...nft }) => {
        const url = absolute(imageUrl)
        return url ? { ...nft, imageUrl: url } : nft
      })
    },
    async getHistory(projectId, { address, chainId, cursor }) {
      const query = { projectId, chainId, ...(cursor ? { cursor } : {}) }
      const reply = await get(
        `/v1/account/${encodeURIComponent(address)}/history`,
        query,
        historyReplySchema,
        'history',
      )
      return {
        next: reply.next,
        data: reply.data.map((tx) => ({
          ...tx,
          transfers: tx.transfers.map((t) => {
            const preview = absolute(t.nft_info?.content?.preview.url)
            return t.nft_info && preview
              ? { ...t, nft_info: { ...t.nft_info, content: { preview: { url: preview } } } }
              : t
          }),
        })),
      }
    },
  }
}
