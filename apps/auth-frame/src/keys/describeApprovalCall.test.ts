import { Interface, MaxUint256 } from 'ethers'
import { describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { approvalTokenOf, describeApprovalCall as describeInPhrases } from './describeApprovalCall.ts'

/** The lines as the English screen reads them. */
const describeApprovalCall = (...args: Parameters<typeof describeInPhrases>) =>
  fieldsInEnglish(describeInPhrases(...args))

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const abi = new Interface([
  'function approve(address,uint256)',
  'function increaseAllowance(address,uint256)',
  'function setApprovalForAll(address,bool)',
  'function transfer(address,uint256)',
])
const USDC = { symbol: 'USDC', decimals: 6 }

describe('describeApprovalCall', () => {
  it('approve: spender, amount in token units, or Unlimited', () => {
    const data = abi.encodeFunctionData('approve', [SPENDER, 2_500_000n])
    expect(approvalTokenOf(TOKEN, data)).toBe(TOKEN)
    expect(describeApprovalCall(TOKEN, data, USDC)).toEqual([
      { label: 'Approval', value: `Allow ${SPENDER} to spend 2.5 USDC until revoked`, warning: true },
    ])
    const unlimited = abi.encodeFunctionData('approve', [SPENDER, MaxUint256])
    expect(describeApprovalCall(TOKEN, unlimited, undefined)[0]?.value).toBe(
      `Allow ${SPENDER} to spend Unlimited of token ${TOKEN} until revoked`,
    )
  })

  it('increaseAllowance and setApprovalForAll', () => {
    const more = abi.encodeFunctionData('increaseAllowance', [SPENDER, 2n ** 255n])
    expect(describeApprovalCall(TOKEN, more, USDC)[0]?.value).toBe(
      `Allow ${SPENDER} to spend (in addition) Unlimited USDC until revoked`,
    )
    const all = abi.encodeFunctionData('setApprovalForAll', [SPENDER, true])
    expect(describeApprovalCall(TOKEN, all, undefined)[0]?.value).toBe(
      `Allow ${SPENDER} to transfer ALL your tokens of collection ${TOKEN}, until revoked`,
    )
  })

  it('gives no line for other calls, and says so when an approval does not decode', () => {
    expect(describeApprovalCall(TOKEN, abi.encodeFunctionData('transfer', [SPENDER, 1n]), USDC)).toEqual([])
    expect(approvalTokenOf(TOKEN, '0x')).toBeUndefined()
    expect(describeApprovalCall(TOKEN, '0x095ea7b3dead', USDC)).toEqual([
      { label: 'Approval', value: 'approve with data that does not decode', warning: true },
    ])
  })
})
