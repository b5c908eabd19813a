import { AbiCoder } from 'ethers'
import type { TokenInfo } from '../keys/formatAllowance.ts'
import type { WalletRpc } from './WalletRequest.ts'

const SYMBOL = '0x95d89b41' // symbol()
const DECIMALS = '0x313ce567' // decimals()

/**
 * A token's symbol and decimals, read from its contract by eth_call through the frame's chain RPC,
 * so an approval can say "5 USDC" rather than a raw number. Anything odd (no contract, a revert, a
 * symbol that is not a short string, decimals over 36) gives `undefined`: the screen then shows the
 * raw amount and the token's address, which are always true.
 */
export async function readTokenInfo(
  rpc: WalletRpc,
  caipNetworkId: string,
  token: string,
): Promise<TokenInfo | undefined> {
  try {
    const call = (data: string) => rpc(caipNetworkId, 'eth_call', [{ to: token, data }, 'latest'])
    const [symbolReply, decimalsReply] = await Promise.all([call(SYMBOL), call(DECIMALS)])
    if (typeof symbolReply !== 'string' || typeof decimalsReply !== 'string') return undefined
    const coder = AbiCoder.defaultAbiCoder()
    const [symbol] = coder.decode(['string'], symbolReply) as unknown as [string]
    const [decimals] = coder.decode(['uint8'], decimalsReply) as unknown as [bigint]
    if (symbol.length === 0 || symbol.length > 32 || decimals > 36n) return undefined
    return { symbol, decimals: Number(decimals) }
  } catch {
    return undefined
  }
}
