import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { entropyToMnemonic, mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { describe, expect, it } from 'vitest'
import { bip39SeedFromEntropy } from './bip39SeedFromEntropy.ts'
import { createSeed } from './createSeed.ts'

describe('bip39SeedFromEntropy', () => {
  it('agrees with @scure/bip39 (phrase as a string) for random 12- to 24-word entropy', () => {
    for (const length of [16, 20, 24, 28, 32]) {
      const entropy = createSeed().slice(0, length)
      const expected = mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist))
      expect(bytesToHex(bip39SeedFromEntropy(entropy))).toBe(bytesToHex(expected))
    }
  })

  it('matches the published seed of the 24-word all-zero phrase ("abandon … art", no passphrase)', () => {
    const entropy = new Uint8Array(32)
    expect(entropyToMnemonic(entropy, wordlist).split(' ').at(-1)).toBe('art')
    expect(bytesToHex(bip39SeedFromEntropy(entropy))).toBe(
      bytesToHex(mnemonicToSeedSync(`${'abandon '.repeat(23)}art`)),
    )
  })

  it('gives the test phrase the seed every tool gives it', () => {
    const phrase = 'test test test test test test test test test test test junk'
    const entropy = mnemonicToEntropy(phrase, wordlist)
    expect(entropyToMnemonic(entropy, wordlist)).toBe(phrase)
    expect(bip39SeedFromEntropy(entropy)).toEqual(mnemonicToSeedSync(phrase))
    expect(() => bip39SeedFromEntropy(hexToBytes('00'.repeat(15)))).toThrow('Invalid seed')
  })
})
