import { NATIVE_TOKEN_ADDRESS, type SwapToken } from '@modalkit/protocol'
import { formatUnits, getNetwork } from '@modalkit/shared'
import { callNode } from '../chain/callNode.ts'
import { priceOf } from '../chain/priceTable.ts'
import { readTokenMetadata } from '../chain/readTokenMetadata.ts'
import type { SwapChain } from './resolveSwapChain.ts'
import { erc20Abi, factoryAbi, pairAbi, readContract } from './uniswapV2.ts'

/** The most pools read from the factory; the local chain world has two. */
const MAX_PAIRS = 100

/** Every token some pool of the factory holds (WETH stands for the native currency, so it is left out). */
async function pooledTokens(swap: SwapChain): Promise<string[]> {
  const [length] = await readContract(swap.url, factoryAbi, swap.factory, 'allPairsLength')
  const count = Math.min(Number(length), MAX_PAIRS)
  const pairs = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      readContract(swap.url, factoryAbi, swap.factory, 'allPairs', [i]),
    ),
  )
  const tokens = new Map<string, string>()
  for (const [pair] of pairs) {
    for (const fn of ['token0', 'token1']) {
      const [token] = await readContract(swap.url, pairAbi, String(pair), fn)
      const address = String(token)
      if (address.toLowerCase() !== swap.weth.toLowerCase()) tokens.set(address.toLowerCase(), address)
    }
  }
  return [...tokens.values()]
}

/**
 * SPEC §7 convert tokens: what the router can trade on this chain, found from the factory's pools
 * (not a fixed list), the native currency first; each with its metadata from the contract, its
 * price from the project's table and, for a given account, its balance read from the node.
 */
export async function listSwapTokens(swap: SwapChain, user: string | undefined): Promise<SwapToken[]> {
  const native = getNetwork(swap.chain)?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }
  const withBalance = (raw: bigint | undefined, decimals: number) =>
    raw === undefined ? {} : { quantity: { decimals: String(decimals), numeric: formatUnits(raw, decimals) } }
  const nativeBalance = user
    ? BigInt(await callNode<string>(swap.url, 'eth_getBalance', [user, 'latest']))
    : undefined
  const result: SwapToken[] = [
    {
      name: native.name,
      symbol: native.symbol,
      address: `${swap.chain}:${NATIVE_TOKEN_ADDRESS}`,
      decimals: native.decimals,
      price: priceOf('eip155', undefined, 'usd'),
      ...withBalance(nativeBalance, native.decimals),
    },
  ]
  for (const address of await pooledTokens(swap)) {
    const meta = await readTokenMetadata(swap.url, address, 'erc20')
    const [balance] = user
      ? await readContract(swap.url, erc20Abi, address, 'balanceOf', [user])
      : [undefined]
    result.push({
      name: meta.name,
      symbol: meta.symbol,
      address: `${swap.chain}:${address}`,
      decimals: meta.decimals,
      price: priceOf('eip155', address, 'usd'),
      ...withBalance(balance === undefined ? undefined : BigInt(String(balance)), meta.decimals),
    })
  }
  return result
}
