import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { deriveBitcoinAccount, deriveBitcoinKey } from './bitcoinKey.ts'
import { signBip137, signBip322Simple } from './signBitcoinMessage.ts'

const seed = mnemonicToEntropy(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  wordlist,
)
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe.each(['mainnet', 'testnet'] as const)('Bitcoin message signatures on %s', (chain) => {
  const account = deriveBitcoinAccount(seed, chain)
  const key = deriveBitcoinKey(seed, chain)

  it('BIP-322 simple: a serialized witness that bip322-js verifies for the address and this message only', () => {
    for (const message of ['Hello World', '', 'ünïcode ✓\nsecond line']) {
      const signature = base64(signBip322Simple(key, account, message))
      expect(Verifier.verifySignature(account.address, message, signature)).toBe(true)
      expect(Verifier.verifySignature(account.address, `${message}!`, signature)).toBe(false)
    }
  })

  it('ECDSA (BIP-137): a 65-byte P2WPKH-header signature that bip322-js verifies as a legacy one', () => {
    const signature = signBip137(key, 'Hello World')
    expect(signature).toHaveLength(65)
    expect(signature[0]).toBeGreaterThanOrEqual(39)
    expect(signature[0]).toBeLessThanOrEqual(42)
    expect(Verifier.verifySignature(account.address, 'Hello World', base64(signature), true)).toBe(true)
    expect(Verifier.verifySignature(account.address, 'Hello World!', base64(signature), true)).toBe(false)
  })
})
