import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { encodeBase58 } from 'ethers'
import { describe, expect, it } from 'vitest'
import { fieldsInEnglish, inEnglish } from '../i18n/inEnglish.ts'
import { describeRequest } from './describeRequest.ts'
import type { RequestDescription } from './RequestDescription.ts'
import { TEST_ADDRESS, thrown } from './testSeed.ts'

const value = (d: RequestDescription, label: string) =>
  fieldsInEnglish(d.fields).find((f) => f.label === label)?.value

describe('describeRequest', () => {
  it('personal_sign: the decoded text, or hex when the bytes are not readable text', () => {
    expect(value(describeRequest('personal_sign', ['0x68656c6c6f', TEST_ADDRESS]), 'Message')).toBe('hello')
    expect(value(describeRequest('personal_sign', ['plain text', TEST_ADDRESS]), 'Message')).toBe(
      'plain text',
    )
    expect(value(describeRequest('personal_sign', ['0xff00e2', TEST_ADDRESS]), 'Message')).toBe('0xff00e2')
  })

  it('personal_sign: bidi and zero-width characters stay text (the renderer marks them), not hex', () => {
    expect(value(describeRequest('personal_sign', ['pay \u202Eevil\u200b', TEST_ADDRESS]), 'Message')).toBe(
      'pay \u202Eevil\u200b',
    )
  })

  it('eth_signTypedData_v4: domain name, chain, verifying contract and primary type', () => {
    const typed = {
      types: { Permit: [{ name: 'owner', type: 'address' }] },
      primaryType: 'Permit',
      domain: { name: 'USD Coin', chainId: '0x1', verifyingContract: TEST_ADDRESS },
      message: { owner: TEST_ADDRESS },
    }
    const d = describeRequest('eth_signTypedData_v4', [TEST_ADDRESS, JSON.stringify(typed)])
    expect(fieldsInEnglish(d.fields).slice(0, 4)).toEqual([
      { label: 'Domain', value: 'USD Coin' },
      { label: 'Chain', value: '1' },
      { label: 'Verifying contract', value: TEST_ADDRESS },
      { label: 'Primary type', value: 'Permit' },
    ])
    // The whole message follows the domain and the account.
    expect(fieldsInEnglish(d.fields).at(-1)).toEqual({ label: 'owner', value: TEST_ADDRESS, depth: 0 })
  })

  it('eth_sendTransaction: not described unfilled (describeTransaction shows the filled one)', () => {
    expect(
      thrown(() => describeRequest('eth_sendTransaction', [{ to: TEST_ADDRESS, value: '0x1' }])),
    ).toMatchObject({ name: 'UnsupportedMethodError' })
  })

  it('Solana: instruction count, program ids, SystemProgram transfers in SOL, messages decoded', () => {
    const from = new PublicKey(new Uint8Array(32).fill(1))
    const to = new PublicKey(new Uint8Array(32).fill(2))
    const tx = new Transaction({ feePayer: from, recentBlockhash: to.toBase58() })
      .add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_500_000_000 }))
      .serialize({ requireAllSignatures: false, verifySignatures: false })
      .toString('base64')
    const d = describeRequest('solana_signTransaction', { transaction: tx })
    expect(fieldsInEnglish(d.fields)).toEqual([
      { label: 'Instructions', value: '1' },
      { label: 'Programs', value: '11111111111111111111111111111111' },
      { label: 'Fee payer', value: from.toBase58() },
      { label: 'Base fee', value: '0.000005 SOL (1 × 5000 lamports per signature)' },
      { label: 'Transfer', value: `1.5 SOL from ${from.toBase58()} to ${to.toBase58()}` },
    ])
    const all = describeRequest('solana_signAllTransactions', { transactions: [tx, tx] })
    expect(inEnglish(all.title)).toBe('Sign 2 transactions')
    expect(value(all, '#2 Instructions')).toBe('1')
    const message = describeRequest('solana_signMessage', {
      message: encodeBase58(new TextEncoder().encode('gm')),
      pubkey: from.toBase58(),
    })
    expect(value(message, 'Message')).toBe('gm')
  })

  it('refuses unlisted methods (4200) and malformed params with typed errors', () => {
    expect(thrown(() => describeRequest('eth_sign', ['0x', TEST_ADDRESS]))).toMatchObject({
      name: 'RpcNotAllowedError',
      code: 4200,
      shortMessage: 'Requested RPC call is not allowed',
    })
    expect(thrown(() => describeRequest('wallet_grantPermissions', [{}]))).toMatchObject({
      name: 'UnsupportedMethodError',
      code: 4200,
    })
    expect(thrown(() => describeRequest('personal_sign', ['hi']))).toMatchObject({
      name: 'ValidationError',
      details: 'too_small',
    })
  })
})
