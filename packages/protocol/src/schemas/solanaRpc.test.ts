import { describe, expect, it } from 'vitest'
import { isSolanaSignMethod, SOLANA_SIGN_METHODS, UNSAFE_METHODS } from '../rpc/methods.ts'
import {
  parseSolanaSignParams,
  parseSolanaSignReply,
  parseSolanaSignResult,
  solanaSignTransactionReplySchema,
} from './solanaRpc.ts'

const SIGNATURE = '5'.repeat(87)
const TRANSACTION = 'AQID'.repeat(40)
const KEY = 'GRYnpvyTctLiftw4vtvrNBxCJFxVdCTncozm53pCywZ'

const thrown = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

describe('Solana signing replies', () => {
  it('names the four unsafe Solana methods', () => {
    for (const method of SOLANA_SIGN_METHODS) expect(UNSAFE_METHODS).toContain(method)
    expect(isSolanaSignMethod('solana_signMessage')).toBe(true)
    expect(isSolanaSignMethod('personal_sign')).toBe(false)
  })

  it("parses each method's result in WalletConnect's shapes, dropping unknown fields", () => {
    expect(parseSolanaSignResult('solana_signMessage', { signature: SIGNATURE, extra: 1 })).toEqual({
      signature: SIGNATURE,
    })
    expect(
      parseSolanaSignResult('solana_signTransaction', { signature: SIGNATURE, transaction: TRANSACTION }),
    ).toEqual({ signature: SIGNATURE, transaction: TRANSACTION })
    expect(parseSolanaSignResult('solana_signAllTransactions', { transactions: [TRANSACTION] })).toEqual({
      transactions: [TRANSACTION],
    })
    expect(parseSolanaSignResult('solana_signAndSendTransaction', { signature: SIGNATURE })).toEqual({
      signature: SIGNATURE,
    })
    // A wallet may answer solana_signTransaction with the signature alone (the modal fills the rest).
    expect(solanaSignTransactionReplySchema.safeParse({ signature: SIGNATURE }).success).toBe(true)
    expect(parseSolanaSignReply('solana_signTransaction', { signature: SIGNATURE })).toEqual({
      signature: SIGNATURE,
    })
    expect(thrown(() => parseSolanaSignReply('solana_signMessage', {}))).toMatchObject({
      shortMessage: 'Invalid solana_signMessage reply',
    })
  })

  it('refuses malformed results with a typed validation error', () => {
    expect(thrown(() => parseSolanaSignResult('solana_signMessage', { signature: '0x12' }))).toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid solana_signMessage result',
      details: 'invalid_format at signature',
    })
    expect(
      thrown(() => parseSolanaSignResult('solana_signTransaction', { signature: SIGNATURE })),
    ).toMatchObject({
      shortMessage: 'Invalid solana_signTransaction result',
      details: 'invalid_type at transaction',
    })
    expect(
      thrown(() => parseSolanaSignResult('solana_signAllTransactions', { transactions: [] })),
    ).toMatchObject({ details: 'too_small at transactions' })
    expect(thrown(() => parseSolanaSignResult('solana_signAndSendTransaction', 'sig'))).toMatchObject({
      details: 'invalid_type',
    })
  })

  it('parses params by method, as the secure frame does', () => {
    expect(
      parseSolanaSignParams('solana_signMessage', { message: '2NEpo7TZRRrLZSi2U', pubkey: KEY }),
    ).toEqual({
      message: '2NEpo7TZRRrLZSi2U',
      pubkey: KEY,
    })
    expect(
      thrown(() => parseSolanaSignParams('solana_signAndSendTransaction', { transaction: 'not base64!' })),
    ).toMatchObject({
      shortMessage: 'Invalid solana_signAndSendTransaction params',
      details: 'invalid_format at transaction',
    })
  })
})
