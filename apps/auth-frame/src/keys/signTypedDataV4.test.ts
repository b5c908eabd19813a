import { ReservedSigningRefusedError, shareReplaceTypedData } from '@modalkit/protocol'
import { verifyTypedData } from 'ethers'
import { describe, expect, it } from 'vitest'
import { signTypedDataV4 } from './signTypedDataV4.ts'
import { TEST_ADDRESS, TEST_SEED, thrown } from './testSeed.ts'

// The EIP-712 example ("Mail"), on chain 31337.
const mail = () => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 31337,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
})

describe('signTypedDataV4', () => {
  it('signs the EIP-712 digest, recoverable with ethers.verifyTypedData (JSON string or object)', () => {
    const data = mail()
    const { EIP712Domain: _, ...types } = data.types
    for (const input of [JSON.stringify(data), data]) {
      const signature = signTypedDataV4(TEST_SEED, input, 31337n)
      expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(TEST_ADDRESS)
    }
  })

  it('accepts an unused extra type, hashing only what primaryType reaches', () => {
    const data = mail()
    const withExtra = { ...data, types: { ...data.types, Unused: [{ name: 'x', type: 'uint8' }] } }
    const { EIP712Domain: _, ...types } = data.types
    const signature = signTypedDataV4(TEST_SEED, withExtra, 31337n)
    expect(verifyTypedData(data.domain, types, data.message, signature)).toBe(TEST_ADDRESS)
  })

  it("refuses typed data under the secure frame's own domain (the auth share's replacement), however it is dressed", () => {
    const replacement = shareReplaceTypedData({
      userId: 'u',
      shareSha256: '00',
      nonce: 'n'.repeat(22),
      expiresAt: 1,
    })
    const asked = {
      ...replacement,
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
        ],
        ...replacement.types,
      },
    }
    for (const payload of [
      asked,
      JSON.stringify(asked),
      { ...mail(), domain: { ...mail().domain, name: replacement.domain.name } },
    ])
      expect(thrown(() => signTypedDataV4(TEST_SEED, payload, 31337n))).toBeInstanceOf(
        ReservedSigningRefusedError,
      )
  })

  it('refuses a domain bound to another chain with -32603 Invalid chain id', () => {
    expect(thrown(() => signTypedDataV4(TEST_SEED, mail(), 1n))).toMatchObject({
      name: 'ChainMismatchError',
      code: -32603,
      shortMessage: 'Invalid chain id',
      details: 'requested 31337, active 1',
    })
  })

  it('refuses payloads where what is shown could differ from what is signed', () => {
    const notRoot = { ...mail(), primaryType: 'Person' } // ethers would otherwise hash Mail
    const domainMismatch = { ...mail(), domain: { ...mail().domain, salt: `0x${'11'.repeat(32)}` } }
    const badValue = { ...mail(), message: { ...mail().message, contents: 12 } }
    for (const input of ['{not json', notRoot, domainMismatch, badValue, { types: {} }]) {
      const error = thrown(() => signTypedDataV4(TEST_SEED, input, 31337n))
      expect(error).toMatchObject({ name: 'ValidationError', code: 'validation_error' })
    }
  })
})
