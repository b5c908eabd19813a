import type { SwapTx } from '@modalkit/protocol'
import { callNode } from '../chain/callNode.ts'
import type { SwapChain } from './resolveSwapChain.ts'
import { erc20Abi, readContract } from './uniswapV2.ts'

/** An ERC-20 approve costs well under this; a local node needs no estimate for it to be safe. */
const APPROVE_GAS = 100_000n

/** SPEC §7 convert allowance: what the router may spend of the user's token. */
export async function readSwapAllowance(swap: SwapChain, token: string, user: string): Promise<bigint> {
  const [allowance] = await readContract(swap.url, erc20Abi, token, 'allowance', [user, swap.router])
  return BigInt(String(allowance))
}

/**
 * SPEC §7 convert build-approve: the ERC-20 approve that lets the router spend exactly the swap's
 * amount (not an unlimited allowance), to be signed by the user's wallet.
 */
export async function buildApproveTransaction(
  swap: SwapChain,
  token: string,
  user: string,
  amount: bigint,
): Promise<SwapTx> {
  const data = erc20Abi.encodeFunctionData('approve', [swap.router, amount])
  const gasPrice = BigInt(await callNode<string>(swap.url, 'eth_gasPrice'))
  return {
    from: user,
    to: token,
    data,
    amount: '0',
    eip155: { gas: APPROVE_GAS.toString(), gasPrice: gasPrice.toString() },
  }
}
