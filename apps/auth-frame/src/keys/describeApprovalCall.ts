import { Interface } from 'ethers'
import { formatAllowance, type TokenInfo } from './formatAllowance.ts'
import type { RequestField } from './RequestDescription.ts'

const APPROVALS = new Interface([
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 addedValue)',
  'function setApprovalForAll(address operator, bool approved)',
])

/** The token contract a transaction's data grants an allowance on, if it is one of the approvals. */
export function approvalTokenOf(to: string | null | undefined, data: string | undefined): string | undefined {
  if (!to || !data || data.length < 10) return undefined
  return APPROVALS.getFunction(data.slice(0, 10)) ? to : undefined
}

/**
 * The allowance a transaction grants, in words, when its data is an ERC-20 `approve` or
 * `increaseAllowance` or an NFT `setApprovalForAll` on `to`: "Allow <spender> to spend <amount>
 * <token>" (no expiry: such allowances last until revoked). Other data gives no line. Data that has
 * an approval's selector but does not decode is said so, not skipped.
 */
export function describeApprovalCall(
  to: string | null | undefined,
  data: string | undefined,
  token: TokenInfo | undefined,
): RequestField[] {
  if (!to || !data || data.length < 10) return []
  const fragment = APPROVALS.getFunction(data.slice(0, 10))
  if (!fragment) return []
  let args: ReturnType<Interface['decodeFunctionData']>
  try {
    args = APPROVALS.decodeFunctionData(fragment, data)
  } catch {
    return [{ label: 'Approval', value: `${fragment.name} with data that does not decode`, warning: true }]
  }
  const spender = String(args[0])
  if (fragment.name === 'setApprovalForAll') {
    const value = args[1]
      ? `Allow ${spender} to transfer ALL your tokens of collection ${to}, until revoked`
      : `Revoke ${spender}'s right to transfer your tokens of collection ${to}`
    return [{ label: 'Approval', value, ...(args[1] ? { warning: true as const } : {}) }]
  }
  const amount = BigInt(args[1])
  const verb = fragment.name === 'increaseAllowance' ? 'spend (in addition)' : 'spend'
  return [
    {
      label: 'Approval',
      value: `Allow ${spender} to ${verb} ${formatAllowance(amount, to, token)} until revoked`,
      ...(amount === 0n ? {} : { warning: true as const }),
    },
  ]
}
