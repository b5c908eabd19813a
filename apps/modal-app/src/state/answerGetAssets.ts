import {
  AccountNotAuthorizedError,
  type AccountState,
  type GetAssetsResult,
  getAssetsParamsSchema,
  NotConnectedError,
  parseWith as parse,
  type TokenBalance,
  type WalletAsset,
} from '@modalkit/protocol'
import { type Network, toHexChainId } from '@modalkit/shared'
import type { ApiClient } from '../api/createApiClient.ts'
import { toBaseUnits } from './swap/toBaseUnits.ts'

export type GetAssetsContext = {
  api: Pick<ApiClient, 'getBalances' | 'getSupportedChains'>
  projectId: string
  /** The connected eip155 account the site sees. */
  account: AccountState | undefined
  /** The configured networks: only their chains are read. */
  networks: readonly Network[]
}

/** An API balance as an EIP-7811 asset; undefined for none (a zero or unreadable amount). */
function toAsset(balance: TokenBalance): WalletAsset | undefined {
  const decimals = Number(balance.quantity.decimals)
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 255) return undefined
  const units = toBaseUnits(balance.quantity.numeric, decimals)
  if (units === undefined) return undefined
  const token = balance.address?.split(':').at(-1)
  const address = token === undefined ? 'native' : token
  if (address !== 'native' && !/^0x[0-9a-fA-F]{40}$/.test(address)) return undefined
  return {
    address,
    balance: `0x${units.toString(16)}`,
    type: address === 'native' ? 'native' : 'erc20',
    metadata: { name: balance.name, symbol: balance.symbol, decimals },
  }
}

/**
 * EIP-7811 wallet_getAssets (SPEC §6 safe, silent), answered by the modal from the API's balances
 * (native and ERC-20, per configured eip155 chain the data API serves), for a wallet that cannot: the
 * embedded wallet and browser wallets without it. Only for the account connected to the site; its
 * filters as the EIP says (an `assetFilter` alone decides, else by chain and by type).
 */
export async function answerGetAssets(params: unknown, ctx: GetAssetsContext): Promise<GetAssetsResult> {
  const [request] = parse(getAssetsParamsSchema, params, 'wallet_getAssets params')
  const { account } = ctx
  if (account?.status !== 'connected' || account.namespace !== 'eip155' || !account.address)
    throw new NotConnectedError('no eip155 account connected')
  if (account.address.toLowerCase() !== request.account.toLowerCase())
    throw new AccountNotAuthorizedError('wallet_getAssets for an account not connected to this site')
  const { assetFilter, assetTypeFilter, chainFilter } = request
  const asked = assetFilter ? Object.keys(assetFilter) : chainFilter
  const served = await ctx.api.getSupportedChains(ctx.projectId).catch(() => undefined)
  const chains = ctx.networks.filter(
    (n) =>
      n.chainNamespace === 'eip155' &&
      typeof n.id === 'number' &&
      (!served || served.includes(n.caipNetworkId)) &&
      (!asked || asked.some((id) => BigInt(id) === BigInt(n.id))),
  )
  const result: GetAssetsResult = {}
  for (const network of chains) {
    const chainId = toHexChainId(Number(network.id))
    const balances = await ctx.api.getBalances(ctx.projectId, {
      address: account.address,
      chainId: network.caipNetworkId,
    })
    const wanted = assetFilter
      ? Object.entries(assetFilter).find(([id]) => BigInt(id) === BigInt(network.id))?.[1]
      : undefined
    result[chainId] = balances
      .map(toAsset)
      .filter((asset): asset is WalletAsset => asset !== undefined)
      .filter((asset) =>
        wanted
          ? wanted.some(
              (w) => w.type === asset.type && w.address.toLowerCase() === asset.address.toLowerCase(),
            )
          : !assetTypeFilter || assetTypeFilter.includes(asset.type),
      )
  }
  return result
}
