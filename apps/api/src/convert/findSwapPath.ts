import { HttpError } from '../server/HttpError.ts'
import type { SwapChain } from './resolveSwapChain.ts'
import { isNative } from './resolveSwapChain.ts'
import { factoryAbi, readContract } from './uniswapV2.ts'

const ZERO = '0x0000000000000000000000000000000000000000'

async function hasPair(swap: SwapChain, a: string, b: string): Promise<boolean> {
  const [pair] = await readContract(swap.url, factoryAbi, swap.factory, 'getPair', [a, b])
  return typeof pair === 'string' && pair !== ZERO
}

/**
 * The router path from one token to another: the native currency trades as WETH; a direct pair
 * when the factory has one, else through WETH when both tokens have a WETH pair. No route (or a
 * token to itself) is a 400 `no_swap_route`.
 */
export async function findSwapPath(swap: SwapChain, from: string, to: string): Promise<string[]> {
  const a = isNative(from) ? swap.weth : from
  const b = isNative(to) ? swap.weth : to
  if (a.toLowerCase() === b.toLowerCase())
    throw new HttpError(400, 'no_swap_route', 'from and to are the same token', 'query.to')
  if (await hasPair(swap, a, b)) return [a, b]
  const weth = swap.weth.toLowerCase()
  if (a.toLowerCase() !== weth && b.toLowerCase() !== weth) {
    const [first, second] = await Promise.all([hasPair(swap, a, swap.weth), hasPair(swap, swap.weth, b)])
    if (first && second) return [a, swap.weth, b]
  }
  throw new HttpError(400, 'no_swap_route', 'the router has no pool between these tokens', 'query.to')
}
