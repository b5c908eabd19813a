import { Interface, MaxUint256 } from 'ethers'
import { describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { describeCalls } from './describeCalls.ts'
import { describeOperation } from './describeOperation.ts'
import { describeTransaction } from './describeTransaction.ts'
import type { RequestField } from './RequestDescription.ts'

// Every path that signs EVM calls reads them with describeCall: a transaction (and Pay, which sends
// one), each call of a wallet_sendCalls batch, each call of a smart account's user operation.

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const ROUTER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
const ATTACKER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ACCOUNT = `0x${'a'.repeat(40)}`
const abi = new Interface([
  'function approve(address,uint256)',
  'function transfer(address,uint256)',
  'function execute(bytes commands, bytes[] inputs, uint256 deadline)',
])
const swap = abi.encodeFunctionData('execute', ['0x00', [], 1n])
const approveMax = abi.encodeFunctionData('approve', [ATTACKER, MaxUint256])
const tokens = new Map([[USDC.toLowerCase(), { symbol: 'USDC', decimals: 6 }]])
const WARNING = {
  label: 'Warning',
  value:
    'The wallet cannot read every call of this request (see "Unknown call"): approve only if you trust the site with what they do',
  warning: true,
}
const shown = (fields: RequestField[]) => fieldsInEnglish(fields)
const ALLOW_MAX = `Allow ${ATTACKER} to spend Unlimited USDC until revoked`

describe('the call lines in every EVM path', () => {
  it('a batch "a swap, then USDC.approve(attacker, MAX)": the unknown swap on top, the allowance a warning', () => {
    const { fields } = describeCalls({
      caipNetworkId: 'eip155:31337',
      transactions: [
        { to: ROUTER, data: swap, gas: '0x5208', maxFeePerGas: '0x1' },
        { to: USDC, data: approveMax, gas: '0x5208', maxFeePerGas: '0x1' },
      ],
      tokens,
    })
    const lines = shown(fields)
    expect(lines[0]).toEqual(WARNING)
    expect(lines).toContainEqual({
      label: '#1 Call',
      value: `Unknown call to ${ROUTER}: ${swap.slice(0, 10)}, ${(swap.length - 2) / 2} bytes`,
      warning: true,
      data: swap,
    })
    expect(lines).toContainEqual({ label: '#2 Approval', value: ALLOW_MAX, warning: true })
  })

  it('a user operation: each executeBatch item decoded, the allowance a warning, the unknown call on top', () => {
    const operation = describeOperation({
      method: 'eth_sendUserOperation',
      caipNetworkId: 'eip155:31337',
      account: ACCOUNT,
      calls: [
        { to: ROUTER, data: swap },
        { to: USDC, data: approveMax },
      ],
      maxFee: 1n,
      payer: 'account',
      deploys: false,
      site: 'https://evil.test',
    })
    const lines = shown(operation.fields)
    expect(lines[0]).toEqual(WARNING)
    // No token read in this path: the amount names the token contract.
    expect(lines).toContainEqual({
      label: '#2 Approval',
      value: `Allow ${ATTACKER} to spend Unlimited of token ${USDC} until revoked`,
      warning: true,
    })
    const single = describeOperation({
      method: 'eth_sendTransaction',
      caipNetworkId: 'eip155:31337',
      account: ACCOUNT,
      calls: [{ to: USDC, data: approveMax }],
      tokens,
      maxFee: 1n,
      payer: 'account',
      deploys: false,
      site: 'https://evil.test',
    })
    expect(shown(single.fields)[0]?.label).toBe('Network')
    expect(shown(single.fields)).toContainEqual({ label: 'Approval', value: ALLOW_MAX, warning: true })
  })

  it("a transaction (Pay sends one: buildEvmSend's ERC-20 transfer) says the amount and recipient", () => {
    const { fields } = describeTransaction({
      caipNetworkId: 'eip155:31337',
      transaction: {
        to: USDC,
        value: '0x0',
        data: abi.encodeFunctionData('transfer', [ATTACKER, 12_500_000n]),
        nonce: '0x0',
        gas: '0x5208',
        maxFeePerGas: '0x1',
      },
      tokens,
    })
    expect(shown(fields)[0]?.label).toBe('Network')
    expect(shown(fields)).toContainEqual({
      label: 'Transfer',
      value: `Transfer 12.5 USDC to ${ATTACKER}`,
      warning: true,
    })
    const unknown = describeTransaction({
      caipNetworkId: 'eip155:31337',
      transaction: { to: ROUTER, data: swap, nonce: '0x0', gas: '0x5208', maxFeePerGas: '0x1' },
    })
    expect(shown(unknown.fields)[0]).toEqual(WARNING)
  })
})
