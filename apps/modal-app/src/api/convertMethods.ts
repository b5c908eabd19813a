import {
  apiErrorSchema,
  type ConvertBuildTransactionReply,
  convertAllowanceReplySchema,
  convertBuildApproveReplySchema,
  convertBuildTransactionReplySchema,
  convertGasPriceReplySchema,
  convertQuotesReplySchema,
  convertTokensReplySchema,
  GasPriceNetworkUnsupportedError,
  ServerError,
  type SwapQuote,
  SwapsNetworkUnsupportedError,
  type SwapToken,
  type SwapTx,
} from '@modalkit/protocol'
import { fetchWithRetry } from './fetchWithRetry.ts'

export type ConvertMethods = {
  /** SPEC §7 convert tokens: what the router trades on `chainId`, with the account's balances. */
  getSwapTokens(projectId: string, query: { chainId: string; userAddress: string }): Promise<SwapToken[]>
  /** SPEC §7 convert quotes: `amount` in base units of `from`; CAIP-10 token and user addresses. */
  getSwapQuote(
    projectId: string,
    query: { amount: string; userAddress: string; from: string; to: string },
  ): Promise<SwapQuote>
  getSwapAllowance(projectId: string, query: { tokenAddress: string; userAddress: string }): Promise<bigint>
  getSwapGasPrice(
    projectId: string,
    chainId: string,
  ): Promise<{ standard: string; fast: string; instant: string }>
  buildSwapApprove(
    projectId: string,
    query: { userAddress: string; from: string; to: string; amount: string },
  ): Promise<SwapTx>
  buildSwapTransaction(
    projectId: string,
    body: { amount: string; slippage: string; from: string; to: string; userAddress: string },
  ): Promise<ConvertBuildTransactionReply>
}

/**
 * The modal's calls to the API's convert/* endpoints (Swap); every reply parsed by its
 * protocol schema. The API's 'swaps_network_unsupported' and 'gas_price_network_unsupported'
 * come back as SPEC §8's typed errors, the rest as 'Server Error' with the API's words in details.
 */
export function convertMethods(
  apiUrl: string,
  fetcher: typeof fetch,
  site: () => Record<string, string>,
): ConvertMethods {
  const call = async <T>(
    path: string,
    init: { query?: Record<string, string>; body?: unknown },
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  ): Promise<T> => {
    const qs = init.query ? `?${new URLSearchParams(init.query)}` : ''
    const res = await fetchWithRetry(
      `${apiUrl}/v1/convert/${path}${qs}`,
      init.body === undefined
        ? { headers: site() }
        : {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...site() },
            body: JSON.stringify(init.body),
          },
      fetcher,
    )
    const json: unknown = await res.json().catch(() => undefined)
    if (!res.ok) {
      const error = apiErrorSchema.safeParse(json)
      const code = error.success ? error.data.error.code : ''
      if (code === 'swaps_network_unsupported') throw new SwapsNetworkUnsupportedError(path)
      if (code === 'gas_price_network_unsupported') throw new GasPriceNetworkUnsupportedError(path)
      throw new ServerError(
        `convert ${path}: ${error.success ? error.data.error.message : `HTTP ${res.status}`}`,
      )
    }
    const reply = schema.safeParse(json)
    if (!reply.success) throw new ServerError(`convert ${path}: malformed reply`)
    return reply.data
  }
  return {
    getSwapTokens: async (projectId, query) =>
      (await call('tokens', { query: { projectId, ...query } }, convertTokensReplySchema)).tokens,
    async getSwapQuote(projectId, query) {
      const { quotes } = await call('quotes', { query: { projectId, ...query } }, convertQuotesReplySchema)
      const [quote] = quotes
      if (!quote) throw new ServerError('convert quotes: no quote')
      return quote
    },
    getSwapAllowance: async (projectId, query) =>
      BigInt(
        (await call('allowance', { query: { projectId, ...query } }, convertAllowanceReplySchema)).allowance,
      ),
    getSwapGasPrice: (projectId, chainId) =>
      call('gas-price', { query: { projectId, chainId } }, convertGasPriceReplySchema),
    buildSwapApprove: async (projectId, query) =>
      (await call('build-approve', { query: { projectId, ...query } }, convertBuildApproveReplySchema)).tx,
    buildSwapTransaction: (projectId, { slippage, ...body }) =>
      call(
        'build-transaction',
        { body: { projectId, ...body, eip155: { slippage } } },
        convertBuildTransactionReplySchema,
      ),
  }
}
