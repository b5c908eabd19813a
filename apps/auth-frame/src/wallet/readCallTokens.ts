import type { CallTokens } from '../keys/calls/CallDecoder.ts'
import { listCallTokens } from '../keys/calls/listCallTokens.ts'
import type { TokenInfo } from '../keys/formatAllowance.ts'
import { readTokenInfo } from './readTokenInfo.ts'
import type { WalletRpc } from './WalletRequest.ts'

/** Tokens read at most per request: the others are shown raw, with their address. */
const MAX_TOKENS = 8

/**
 * The symbol and decimals of each token the calls move or allow (listCallTokens), read by eth_call
 * before the screen opens. A token that cannot be read is left out: its amounts are shown raw.
 */
export async function readCallTokens(
  rpc: WalletRpc,
  caipNetworkId: string,
  calls: readonly { to?: string | null | undefined; data?: string | undefined }[],
): Promise<CallTokens> {
  const tokens = listCallTokens(calls).slice(0, MAX_TOKENS)
  const infos = await Promise.all(tokens.map((token) => readTokenInfo(rpc, caipNetworkId, token)))
  const read = new Map<string, TokenInfo>()
  tokens.forEach((token, i) => {
    const info = infos[i]
    if (info) read.set(token, info)
  })
  return read
}
