import { bytesToHex } from '@noble/hashes/utils'
import { HDKey } from '@scure/bip32'
import { mnemonicToEntropy, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { networks, payments } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { bitcoinPath, deriveBitcoinAccount, deriveBitcoinKey } from './bitcoinKey.ts'

// BIP-84's own test vector (bip-0084.mediawiki, "Test vectors").
const BIP84_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'
const seed = mnemonicToEntropy(BIP84_MNEMONIC, wordlist)

describe('deriveBitcoinAccount (BIP-84 P2WPKH)', () => {
  it("gives BIP-84's first receiving address and key at m/84'/0'/0'/0/0 on mainnet", () => {
    const account = deriveBitcoinAccount(seed, 'mainnet')
    expect(account.address).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')
    expect(account.publicKey).toBe('0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c')
    expect(account.path).toBe("m/84'/0'/0'/0/0")
    expect(bytesToHex(account.script)).toBe('0014c0cebcd6c3d3ca8c75dc5ec62ebe55330ef910e2')
    expect(bytesToHex(deriveBitcoinKey(seed, 'mainnet'))).toBe(
      // BIP-84: privkey KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d, decoded.
      '4604b4b710fe91f584fff084e1a9159fe4f8408fff380596a604948474ce4fa3',
    )
  })

  it("uses coin type 1 (m/84'/1'/0'/0/0) and tb1 on test networks, as bip32's derive(path) gives", () => {
    const account = deriveBitcoinAccount(seed, 'testnet')
    expect(bitcoinPath('testnet')).toBe("m/84'/1'/0'/0/0")
    const node = HDKey.fromMasterSeed(mnemonicToSeedSync(BIP84_MNEMONIC)).derive("m/84'/1'/0'/0/0")
    const expected = payments.p2wpkh({ pubkey: node.publicKey!, network: networks.testnet }).address
    expect(account.address).toBe(expected)
    expect(account.address).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl')
    expect(account.address).not.toBe(deriveBitcoinAccount(seed, 'mainnet').address.replace('bc1', 'tb1'))
  })
})
