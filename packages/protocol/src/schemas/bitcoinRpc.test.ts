import { describe, expect, it } from 'vitest'
import { BITCOIN_METHODS } from '../rpc/methods.ts'
import {
  isBitcoinMethod,
  parseBitcoinParams,
  parseBitcoinReply,
  parseBitcoinResult,
  psbtBase64Schema,
} from './bitcoinRpc.ts'

// Real addresses: BIP-173's P2WPKH test vector, a testnet one and a taproot one (BIP-350).
const MAIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const TEST = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'
const TAPROOT = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'
const LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'
// The magic `psbt\xff` and a few more bytes.
const PSBT = 'cHNidP8BAHECAAAAAQ=='
const TXID = 'ab'.repeat(32)

const thrown = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

describe('Bitcoin requests', () => {
  it("names WalletConnect's four bip122 methods", () => {
    expect(BITCOIN_METHODS).toEqual(['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'])
    expect(isBitcoinMethod('signPsbt')).toBe(true)
    expect(isBitcoinMethod('personal_sign')).toBe(false)
  })

  it("takes the host's params in WalletConnect's shapes, the account optional", () => {
    expect(parseBitcoinParams('signMessage', { message: 'hi', address: MAIN, protocol: 'bip322' })).toEqual({
      message: 'hi',
      address: MAIN,
      protocol: 'bip322',
    })
    expect(
      parseBitcoinParams('signPsbt', {
        account: MAIN,
        psbt: PSBT,
        signInputs: [{ address: TAPROOT, index: 0, sighashTypes: [1] }],
        broadcast: false,
      }),
    ).toMatchObject({ psbt: PSBT, signInputs: [{ index: 0 }] })
    expect(
      parseBitcoinParams('sendTransfer', { recipientAddress: LEGACY, amount: '123000000', memo: 'beef' }),
    ).toEqual({ recipientAddress: LEGACY, amount: '123000000', memo: 'beef' })
    expect(parseBitcoinParams('getAccountAddresses', {})).toEqual({})
    expect(parseBitcoinParams('getAccountAddresses', { intentions: ['payment'] })).toEqual({
      intentions: ['payment'],
    })
  })

  it('refuses bad params with the zod issue code and where it is', () => {
    const cases: [() => unknown, string, string][] = [
      [() => parseBitcoinParams('signMessage', { message: '' }), 'signMessage', 'too_small at message'],
      [
        () => parseBitcoinParams('signMessage', { message: 'hi', protocol: 'schnorr' }),
        'signMessage',
        'invalid_value at protocol',
      ],
      [
        () =>
          parseBitcoinParams('signMessage', {
            message: 'hi',
            address: '0x0000000000000000000000000000000000000001',
          }),
        'signMessage',
        'custom at address',
      ],
      [
        () =>
          parseBitcoinParams('signMessage', { message: 'hi', address: MAIN.toUpperCase().replace('Q', 'q') }),
        'signMessage',
        'custom at address',
      ],
      [
        () => parseBitcoinParams('signPsbt', { psbt: 'AAAA', signInputs: [{ address: MAIN, index: 0 }] }),
        'signPsbt',
        'invalid_format at psbt',
      ],
      [
        () => parseBitcoinParams('signPsbt', { psbt: PSBT, signInputs: [] }),
        'signPsbt',
        'too_small at signInputs',
      ],
      [
        () => parseBitcoinParams('signPsbt', { psbt: PSBT, signInputs: [{ address: MAIN, index: -1 }] }),
        'signPsbt',
        'too_small at signInputs.0.index',
      ],
      [
        () => parseBitcoinParams('sendTransfer', { recipientAddress: TEST, amount: '0' }),
        'sendTransfer',
        'invalid_format at amount',
      ],
      [
        () => parseBitcoinParams('sendTransfer', { recipientAddress: TEST, amount: '2100000000000001' }),
        'sendTransfer',
        'custom at amount',
      ],
      [
        () => parseBitcoinParams('sendTransfer', { recipientAddress: TEST, amount: 1000 }),
        'sendTransfer',
        'invalid_type at amount',
      ],
      [
        () => parseBitcoinParams('sendTransfer', { recipientAddress: TEST, amount: '1', to: MAIN }),
        'sendTransfer',
        'unrecognized_keys',
      ],
      [() => parseBitcoinParams('getAccountAddresses', null), 'getAccountAddresses', 'invalid_type'],
    ]
    for (const [fn, method, details] of cases) {
      expect(thrown(fn), details).toMatchObject({
        code: 'validation_error',
        shortMessage: `Invalid ${method} params`,
        details,
      })
    }
  })

  it("parses wallets' replies, dropping unknown fields, and refuses malformed ones", () => {
    expect(
      parseBitcoinReply('signMessage', { address: MAIN, signature: '02ab', messageHash: TXID, extra: 1 }),
    ).toEqual({ address: MAIN, signature: '02ab', messageHash: TXID })
    expect(parseBitcoinReply('signPsbt', { psbt: PSBT })).toEqual({ psbt: PSBT })
    expect(parseBitcoinReply('sendTransfer', { txid: TXID })).toEqual({ txid: TXID })
    expect(
      parseBitcoinReply('getAccountAddresses', [
        { address: MAIN, publicKey: `03${'11'.repeat(32)}`, path: "m/84'/0'/0'/0/0", intention: 'payment' },
      ]),
    ).toHaveLength(1)
    expect(thrown(() => parseBitcoinReply('signMessage', { address: MAIN, signature: 'abc' }))).toMatchObject(
      {
        shortMessage: 'Invalid signMessage reply',
        details: 'custom at signature',
      },
    )
    expect(thrown(() => parseBitcoinReply('sendTransfer', { tx_id: TXID }))).toMatchObject({
      details: 'invalid_type at txid',
    })
    expect(thrown(() => parseBitcoinReply('getAccountAddresses', []))).toMatchObject({
      details: 'too_small',
    })
    expect(thrown(() => parseBitcoinResult('signPsbt', { psbt: 'bm90IGEgcHNidA==' }))).toMatchObject({
      shortMessage: 'Invalid signPsbt result',
      details: 'invalid_format at psbt',
    })
  })

  it('takes base64 PSBTs only, whole', () => {
    expect(psbtBase64Schema.safeParse(PSBT).success).toBe(true)
    expect(psbtBase64Schema.safeParse('cHNidP8BAHECAAAAAQ=').success).toBe(false)
    expect(psbtBase64Schema.safeParse('cHNidP8 BAHECAAAAAQ==').success).toBe(false)
  })
})
