import { ERC20 } from './decodeErc20Call.ts'
import { MULTICALL } from './decodeMulticall.ts'
import { PERMIT2 } from './decodePermit2Call.ts'

const MAX_DEPTH = 3

function tokensOf(to: string, data: string, depth: number): string[] {
  if (depth > MAX_DEPTH || data.length < 10) return []
  const selector = data.slice(0, 10)
  try {
    const erc20 = ERC20.getFunction(selector)
    if (erc20) return erc20.name === 'transferFrom' ? [] : [to]
    if (PERMIT2.getFunction(selector)) return [String(PERMIT2.decodeFunctionData('approve', data)[0])]
    const multicall = MULTICALL.getFunction(selector)
    if (multicall) {
      const items = MULTICALL.decodeFunctionData(multicall, data)[multicall.inputs.length - 1] as string[]
      return items.flatMap((item) => tokensOf(to, item, depth + 1))
    }
  } catch {}
  return []
}

/**
 * The token contracts whose symbol and decimals make calls readable ("5 USDC", not a raw amount):
 * the contract of an ERC-20 transfer or allowance, the token of a Permit2 allowance, in multicall
 * items too. Lower case, each once.
 */
export function listCallTokens(
  calls: readonly { to?: string | null | undefined; data?: string | undefined }[],
) {
  const found = calls.flatMap((call) => (call.to && call.data ? tokensOf(call.to, call.data, 0) : []))
  return [...new Set(found.map((token) => token.toLowerCase()))]
}
