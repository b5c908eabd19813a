import { Interface } from 'ethers'
import { callNode } from '../chain/callNode.ts'

/** The parts of Uniswap V2's router, factory and pair and of ERC-20 the swap endpoints use. */
export const routerAbi = new Interface([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
export const factoryAbi = new Interface([
  'function getPair(address, address) view returns (address)',
  'function allPairsLength() view returns (uint256)',
  'function allPairs(uint256) view returns (address)',
])
export const pairAbi = new Interface([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
export const erc20Abi = new Interface([
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
])

/** One `eth_call` of a view function, decoded (the node is configuration, the contract is the chain world's). */
export async function readContract(
  url: string,
  abi: Interface,
  to: string,
  fn: string,
  args: unknown[] = [],
): Promise<readonly unknown[]> {
  const data = abi.encodeFunctionData(fn, args)
  const result = await callNode<string>(url, 'eth_call', [{ to, data }, 'latest'])
  return [...abi.decodeFunctionResult(fn, result)]
}
