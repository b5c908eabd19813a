import type { TypedData } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { inEnglish } from '../i18n/inEnglish.ts'
import { describePermit } from './describePermit.ts'

const TOKEN = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const OTHER = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MAX160 = (2n ** 160n - 1n).toString()
const MAX48 = (2n ** 48n - 1n).toString()
const readToken = async (token: string) => (token === TOKEN ? { symbol: 'USDC', decimals: 6 } : undefined)
const domain = { name: 'T', chainId: 1, verifyingContract: TOKEN }
const values = async (data: TypedData) =>
  (await describePermit(data, readToken)).map((f) => inEnglish(f.value))

describe('describePermit', () => {
  it('EIP-2612 Permit: spender, amount in token units, until revoked (the deadline bounds the signature)', async () => {
    const types = {
      Permit: ['owner', 'spender', 'value', 'nonce', 'deadline'].map((name) => ({ name, type: 'uint256' })),
    }
    const message = { owner: SPENDER, spender: SPENDER, value: '2500000', nonce: '0', deadline: '1700000000' }
    expect(await values({ types, primaryType: 'Permit', domain, message })).toEqual([
      `Allow ${SPENDER} to spend 2.5 USDC until revoked (signature valid until 2023-11-14 22:13:20 UTC)`,
    ])
    const unlimited = { ...message, value: (2n ** 256n - 1n).toString() }
    expect(await values({ types, primaryType: 'Permit', domain, message: unlimited })).toEqual([
      `Allow ${SPENDER} to spend Unlimited USDC until revoked (signature valid until 2023-11-14 22:13:20 UTC)`,
    ])
  })

  it('DAI Permit: allowed is Unlimited, not allowed revokes', async () => {
    const types = {
      Permit: ['holder', 'spender', 'nonce', 'expiry', 'allowed'].map((name) => ({ name, type: 'uint256' })),
    }
    const message = { holder: SPENDER, spender: SPENDER, nonce: 0, expiry: 0, allowed: true }
    const dai = { ...domain, verifyingContract: OTHER }
    expect(await values({ types, primaryType: 'Permit', domain: dai, message })).toEqual([
      `Allow ${SPENDER} to spend Unlimited of token ${OTHER} until revoked (signature valid until no expiry)`,
    ])
    expect(
      await values({ types, primaryType: 'Permit', domain: dai, message: { ...message, allowed: false } }),
    ).toEqual([`Revoke ${SPENDER}'s allowance on token ${OTHER}`])
  })

  it('Permit2 PermitSingle and PermitBatch: the nested details, uint160/uint48 sentinels are Unlimited', async () => {
    const types = {
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
      PermitDetails: ['token', 'amount', 'expiration', 'nonce'].map((name) => ({ name, type: 'uint256' })),
    }
    const details = { token: TOKEN, amount: MAX160, expiration: MAX48, nonce: 0 }
    expect(
      await values({
        types,
        primaryType: 'PermitSingle',
        domain,
        message: { details, spender: SPENDER, sigDeadline: 1 },
      }),
    ).toEqual([`Allow ${SPENDER} to spend Unlimited USDC until no expiry`])
    const batch = {
      PermitBatch: [{ name: 'details', type: 'PermitDetails[]' }, ...types.PermitSingle.slice(1)],
    }
    expect(
      await values({
        types: { ...types, ...batch },
        primaryType: 'PermitBatch',
        domain,
        message: {
          details: [details, { ...details, token: OTHER, amount: '5', expiration: '1700000000' }],
          spender: SPENDER,
        },
      }),
    ).toEqual([
      `Allow ${SPENDER} to spend Unlimited USDC until no expiry`,
      `Allow ${SPENDER} to spend 5 (raw units) of token ${OTHER} until 2023-11-14 22:13:20 UTC`,
    ])
  })

  it('Permit2 PermitTransferFrom and PermitBatchTransferFrom: one-time transfers', async () => {
    const types = {
      PermitTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
      PermitBatchTransferFrom: [
        { name: 'permitted', type: 'TokenPermissions[]' },
        { name: 'spender', type: 'address' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
      TokenPermissions: [
        { name: 'token', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
    }
    const permitted = { token: TOKEN, amount: '1000000' }
    const message = { permitted, spender: SPENDER, nonce: 1, deadline: 1700000000 }
    expect(await values({ types, primaryType: 'PermitTransferFrom', domain, message })).toEqual([
      `Allow ${SPENDER} to transfer once 1.0 USDC until 2023-11-14 22:13:20 UTC`,
    ])
    expect(
      await values({
        types,
        primaryType: 'PermitBatchTransferFrom',
        domain,
        message: { ...message, permitted: [permitted, { token: OTHER, amount: (2n ** 255n).toString() }] },
      }),
    ).toEqual([
      `Allow ${SPENDER} to transfer once 1.0 USDC until 2023-11-14 22:13:20 UTC`,
      `Allow ${SPENDER} to transfer once Unlimited of token ${OTHER} until 2023-11-14 22:13:20 UTC`,
    ])
  })

  it('other typed data gives no permit line', async () => {
    const types = { Mail: [{ name: 'contents', type: 'string' }] }
    expect(await values({ types, primaryType: 'Mail', domain, message: { contents: 'hi' } })).toEqual([])
  })
})
