import type { SwapQuote } from '@modalkit/protocol'
import { HttpError } from '../server/HttpError.ts'
import { findSwapPath } from './findSwapPath.ts'
import type { SwapChain } from './resolveSwapChain.ts'
import { factoryAbi, pairAbi, readContract, routerAbi } from './uniswapV2.ts'

/** Uniswap V2 takes 0.3% of the input at each hop. */
const FEE_PER_MILLE = 3n

async function reservesOf(swap: SwapChain, a: string, b: string): Promise<[bigint, bigint]> {
  const [pair] = await readContract(swap.url, factoryAbi, swap.factory, 'getPair', [a, b])
  const [token0] = await readContract(swap.url, pairAbi, String(pair), 'token0')
  const [r0, r1] = await readContract(swap.url, pairAbi, String(pair), 'getReserves')
  const inIsToken0 = String(token0).toLowerCase() === a.toLowerCase()
  return inIsToken0 ? [BigInt(String(r0)), BigInt(String(r1))] : [BigInt(String(r1)), BigInt(String(r0))]
}

export type QuoteSwapParameters = {
  swap: SwapChain
  amount: bigint
  from: string
  to: string
  fromAccount: string
  toAccount: string
}

/**
 * A quote from the router itself (`getAmountsOut` along the path), with the price impact measured
 * against the pools' mid prices from their reserves (the trade's output before fees versus the
 * same input at the mid price) and the fee the pools take, in units of the from token.
 */
export async function quoteSwap(params: QuoteSwapParameters): Promise<SwapQuote> {
  const { swap, amount, from, to, fromAccount, toAccount } = params
  if (amount === 0n) throw new HttpError(400, 'validation_error', 'too_small: query.amount', 'query.amount')
  const path = await findSwapPath(swap, from, to)
  const [amounts] = await readContract(swap.url, routerAbi, swap.router, 'getAmountsOut', [
    amount,
    path,
  ]).catch(() => {
    throw new HttpError(400, 'insufficient_liquidity', 'the pools cannot fill this amount', 'query.amount')
  })
  const out = BigInt(String((amounts as readonly unknown[]).at(-1)))
  // Mid-price output and no-fee output, hop by hop (x * y = k), in 1e18 fixed point for the ratio.
  let mid = amount
  let noFee = amount
  for (let i = 0; i + 1 < path.length; i++) {
    const [rIn, rOut] = await reservesOf(swap, path[i]!, path[i + 1]!)
    mid = (mid * rOut) / rIn
    noFee = (noFee * rOut) / (rIn + noFee)
  }
  const impact = mid === 0n ? 0 : Number(((mid - noFee) * 1_000_000n) / mid) / 10_000
  let kept = amount
  for (let i = 0; i + 1 < path.length; i++) kept = (kept * (1000n - FEE_PER_MILLE)) / 1000n
  return {
    id: `uniswap-v2:${path.length - 1}:${amount}`,
    fromAmount: amount.toString(),
    fromAccount,
    toAmount: out.toString(),
    toAccount,
    priceImpact: impact,
    fee: (amount - kept).toString(),
    path,
  }
}
