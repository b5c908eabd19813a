import { NATIVE_TOKEN_ADDRESS, SwapsNetworkUnsupportedError } from '@modalkit/protocol'
import { LOCAL_CHAIN_WORLD } from '@modalkit/shared'
import { callNode } from '../chain/callNode.ts'
import type { RpcUpstreams } from '../rpc/proxyRpc.ts'
import { HttpError } from '../server/HttpError.ts'

export type SwapChain = { chain: string; url: string; router: string; factory: string; weth: string }

export const swapsUnsupported = (chain: string, field: string): HttpError =>
  new HttpError(400, 'swaps_network_unsupported', new SwapsNetworkUnsupportedError(chain).shortMessage, field)

/**
 * The chain a swap runs on, if it has a Uniswap V2 router: an EVM network the API has a node for,
 * where the local chain world's router really has code (asked of the node, not assumed). Any other
 * network answers SPEC §8's 'Network not supported for Swaps'.
 */
export async function resolveSwapChain(
  upstreams: RpcUpstreams,
  chain: string,
  field: string,
): Promise<SwapChain> {
  const url = upstreams.get(chain)
  if (!url || !chain.startsWith('eip155:')) throw swapsUnsupported(chain, field)
  const router = LOCAL_CHAIN_WORLD.uniswapV2Router
  const code = await callNode<string>(url, 'eth_getCode', [router, 'latest'])
  if (!code || code === '0x') throw swapsUnsupported(chain, field)
  return { chain, url, router, factory: LOCAL_CHAIN_WORLD.uniswapV2Factory, weth: LOCAL_CHAIN_WORLD.weth }
}

/**
 * `eip155:31337:0xabc…` → its chain and EVM address (the native currency's address stays as it is);
 * another namespace has no router: 'Network not supported for Swaps'.
 */
export function splitCaip10(caip10: string, field: string): { chain: string; address: string } {
  const chain = caip10.split(':').slice(0, 2).join(':')
  if (!chain.startsWith('eip155:')) throw swapsUnsupported(chain, field)
  const match = /^(eip155:[0-9]{1,32}):(0x[0-9a-fA-F]{40})$/.exec(caip10)
  if (!match) throw new HttpError(400, 'validation_error', `invalid_format: ${field}`, field)
  return { chain: match[1]!, address: match[2]! }
}

export const isNative = (address: string): boolean => address.toLowerCase() === NATIVE_TOKEN_ADDRESS
