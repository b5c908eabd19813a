import { Interface } from 'ethers'
import { phrase } from '../i18n/phrase.ts'
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
  const label = phrase('field.approval')
  try {
    args = APPROVALS.decodeFunctionData(fragment, data)
  } catch {
    return [{ label, value: phrase('allowance.undecodable', { function: fragment.name }), warning: true }]
  }
  const spender = String(args[0])
  if (fragment.name === 'setApprovalForAll') {
    return args[1]
      ? [{ label, value: phrase('allowance.allowCollection', { spender, collection: to }), warning: true }]
      : [{ label, value: phrase('allowance.revokeCollection', { spender, collection: to }) }]
  }
  const amount = BigInt(args[1])
  const key = fragment.name === 'increaseAllowance' ? 'allowance.allowSpendMore' : 'allowance.allowSpend'
  return [
    {
      label,
      value: phrase(key, { spender, amount: formatAllowance(amount, to, token) }),
      ...(amount === 0n ? {} : { warning: true as const }),
    },
  ]
}
