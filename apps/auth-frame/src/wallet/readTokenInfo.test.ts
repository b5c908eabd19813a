import { Interface } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fieldsInEnglish } from '../i18n/inEnglish.ts'
import { TEST_ADDRESS } from '../keys/testSeed.ts'
import { prepareCalls } from './calls/prepareCalls.ts'
import { describeTypedDataRequest } from './describeTypedDataRequest.ts'
import { readTokenInfo } from './readTokenInfo.ts'
import { startTestAnvil } from './startTestAnvil.ts'
import { prepareTransaction } from './transactions/prepareTransaction.ts'
import type { WalletRpc } from './WalletRequest.ts'

const CHAIN = 'eip155:31337'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/**
 * A token stand-in, hand-assembled: decimals() (0x313ce567) returns 6, any other call returns the
 * ABI string "TKN" (so symbol() does). Enough of ERC-20 for what the approval reads.
 */
const TOKEN_CODE =
  '0x60003560e01c8063313ce56714604357602060005260036020527f544b4e000000000000000000000000000000000000000000000000000000000060405260606000f35b600660005260206000f3'

let node: { rpc: WalletRpc; stop(): void }
beforeAll(async () => {
  node = await startTestAnvil()
  await node.rpc(CHAIN, 'anvil_setCode', [TOKEN, TOKEN_CODE])
}, 30_000)
afterAll(() => node?.stop())

describe('token symbol and decimals read from the contract, on anvil', { timeout: 30_000 }, () => {
  it('readTokenInfo: symbol and decimals by eth_call; an address without code gives undefined', async () => {
    expect(await readTokenInfo(node.rpc, CHAIN, TOKEN)).toEqual({ symbol: 'TKN', decimals: 6 })
    expect(await readTokenInfo(node.rpc, CHAIN, SPENDER)).toBeUndefined()
  })

  it('an approve transaction says the amount in the token units', async () => {
    const data = new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [
      SPENDER,
      2_500_000n,
    ])
    const { description } = await prepareTransaction({
      request: {
        method: 'eth_sendTransaction',
        params: [{ to: TOKEN, data }],
        chainId: CHAIN,
        chainNamespace: 'eip155',
      },
      account: TEST_ADDRESS,
      rpc: node.rpc,
    })
    expect(fieldsInEnglish(description.fields)).toContainEqual({
      label: 'Approval',
      value: `Allow ${SPENDER} to spend 2.5 TKN until revoked`,
      warning: true,
    })
  })

  it("a batch's calls read their tokens too: a transfer in the token's units, a warning", async () => {
    const data = new Interface(['function transfer(address,uint256)']).encodeFunctionData('transfer', [
      SPENDER,
      1_500_000n,
    ])
    const { description } = await prepareCalls({
      request: {
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', chainId: '0x7a69', atomicRequired: false, calls: [{ to: TOKEN, data }] },
        ],
        chainId: CHAIN,
        chainNamespace: 'eip155',
      },
      account: TEST_ADDRESS,
      rpc: node.rpc,
      isKnownId: () => false,
    })
    expect(fieldsInEnglish(description.fields)).toContainEqual({
      label: '#1 Transfer',
      value: `Transfer 1.5 TKN to ${SPENDER}`,
      warning: true,
    })
  })

  it('an EIP-2612 permit with max uint256 says Unlimited TKN, first, above the whole message', async () => {
    const typed = {
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      domain: { name: 'Token', chainId: 31337, verifyingContract: TOKEN },
      message: {
        owner: TEST_ADDRESS,
        spender: SPENDER,
        value: (2n ** 256n - 1n).toString(),
        nonce: 0,
        deadline: 1700000000,
      },
    }
    const { fields } = await describeTypedDataRequest(
      {
        method: 'eth_signTypedData_v4',
        params: [TEST_ADDRESS, JSON.stringify(typed)],
        chainId: CHAIN,
        chainNamespace: 'eip155',
      },
      node.rpc,
    )
    expect(fieldsInEnglish(fields)[0]).toEqual({
      label: 'Permit',
      value: `Allow ${SPENDER} to spend Unlimited TKN until revoked (signature valid until 2023-11-14 22:13:20 UTC)`,
      warning: true,
    })
    expect(fieldsInEnglish(fields)).toContainEqual({
      label: 'value',
      value: (2n ** 256n - 1n).toString(),
      depth: 0,
    })
  })
})
