import type { ConvertBuildTransactionReply } from '@modalkit/protocol'
import { padGasEstimate } from '@modalkit/shared'
import { callNode } from '../chain/callNode.ts'
import { HttpError } from '../server/HttpError.ts'
import { quoteSwap } from './quoteSwap.ts'
import { isNative, type SwapChain } from './resolveSwapChain.ts'
import { routerAbi } from './uniswapV2.ts'

/** How long a built swap stays valid (the router's deadline), from the chain's latest block. */
export const SWAP_DEADLINE_SECONDS = 20 * 60
/** The gas limit used when estimating is turned off (disableEstimate) or not yet possible. */
export const SWAP_GAS_FALLBACK = 300_000n

export type BuildSwapTransactionParameters = {
  swap: SwapChain
  amount: bigint
  from: string
  to: string
  fromCaip: string
  toCaip: string
  user: string
  /** Percent, `'0.5'`. */
  slippage: string
  disableEstimate: boolean
}

/** Percent text to basis points without floating point: `'0.5'` → 50n. */
const toBasisPoints = (percent: string): bigint => {
  const [whole = '0', fraction = ''] = percent.split('.')
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))
}

/**
 * SPEC §7 convert build-transaction: the router call for a swap of exactly `amount`, its minimum
 * output the router's quote less the slippage and its deadline 20 minutes after the latest block,
 * to be signed by the user's wallet (the API holds no key). The gas is the node's estimate, padded
 * (padGasEstimate) so a block that differs from the estimate's does not run the swap out of gas.
 */
export async function buildSwapTransaction(
  params: BuildSwapTransactionParameters,
): Promise<ConvertBuildTransactionReply> {
  const { swap, amount, from, to, user } = params
  const bps = toBasisPoints(params.slippage)
  if (bps >= 10_000n)
    throw new HttpError(400, 'validation_error', 'too_big: body.eip155.slippage', 'body.eip155.slippage')
  const quote = await quoteSwap({
    swap,
    amount,
    from,
    to,
    fromAccount: params.fromCaip,
    toAccount: params.toCaip,
  })
  const amountOutMin = (BigInt(quote.toAmount) * (10_000n - bps)) / 10_000n
  const block = await callNode<{ timestamp: string; gasLimit: string }>(swap.url, 'eth_getBlockByNumber', [
    'latest',
    false,
  ])
  const deadline = Number(BigInt(block.timestamp)) + SWAP_DEADLINE_SECONDS
  const { path } = quote
  const data = isNative(from)
    ? routerAbi.encodeFunctionData('swapExactETHForTokens', [amountOutMin, path, user, deadline])
    : isNative(to)
      ? routerAbi.encodeFunctionData('swapExactTokensForETH', [amount, amountOutMin, path, user, deadline])
      : routerAbi.encodeFunctionData('swapExactTokensForTokens', [amount, amountOutMin, path, user, deadline])
  const value = isNative(from) ? amount : 0n
  const tx = { from: user, to: swap.router, data, value: `0x${value.toString(16)}` }
  const gas = params.disableEstimate
    ? SWAP_GAS_FALLBACK
    : padGasEstimate(
        BigInt(
          await callNode<string>(swap.url, 'eth_estimateGas', [tx]).catch(() => {
            throw new HttpError(
              400,
              'swap_would_fail',
              'the swap would fail (balance or allowance short)',
              'body.amount',
            )
          }),
        ),
        BigInt(block.gasLimit),
      )
  const gasPrice = BigInt(await callNode<string>(swap.url, 'eth_gasPrice'))
  return {
    tx: {
      from: user,
      to: swap.router,
      data,
      amount: value.toString(),
      eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() },
    },
    amountOutMin: amountOutMin.toString(),
    deadline,
  }
}
