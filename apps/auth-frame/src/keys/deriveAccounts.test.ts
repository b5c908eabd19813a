import { ed25519 } from '@noble/curves/ed25519'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { HDNodeWallet, Mnemonic } from 'ethers'
import { describe, expect, it } from 'vitest'
import { createSeed } from './createSeed.ts'
import { deriveAccounts } from './deriveAccounts.ts'
import { derivePrivateKey, EVM_PATH } from './derivePrivateKey.ts'

const TEST_PHRASE = 'test test test test test test test test test test test junk'

describe('deriveAccounts', () => {
  it("gives the test phrase's well-known first EVM account at m/44'/60'/0'/0/0", () => {
    const seed = mnemonicToEntropy(TEST_PHRASE, wordlist)
    expect(deriveAccounts(seed).eip155.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  it('agrees with an independent BIP-39 + BIP-32 implementation (ethers) for a random 24-word seed', () => {
    const seed = createSeed()
    const phrase = Mnemonic.fromEntropy(seed).phrase
    expect(phrase.split(' ')).toHaveLength(24)
    const wallet = HDNodeWallet.fromPhrase(phrase, undefined, EVM_PATH)
    expect(deriveAccounts(seed).eip155.address).toBe(wallet.address)
  })

  it('derives a Solana key that @solana/web3.js accepts and that signs what web3.js itself signs', () => {
    const seed = createSeed()
    const accounts = deriveAccounts(seed)
    const secret = derivePrivateKey(seed, 'solana')
    const keypair = Keypair.fromSeed(secret)
    expect(keypair.publicKey.toBase58()).toBe(accounts.solana.address)
    expect(accounts.solana.publicKey).toBe(`0x${Buffer.from(keypair.publicKey.toBytes()).toString('hex')}`)

    const tx = new Transaction({
      feePayer: keypair.publicKey,
      recentBlockhash: new PublicKey(new Uint8Array(32).fill(7)).toBase58(),
    }).add(
      SystemProgram.transfer({ fromPubkey: keypair.publicKey, toPubkey: keypair.publicKey, lamports: 1 }),
    )
    const message = tx.serializeMessage()
    const ours = ed25519.sign(message, secret)
    tx.sign(keypair)
    expect(Buffer.from(ours).equals(tx.signature!)).toBe(true)
    expect(tx.verifySignatures()).toBe(true)
  })

  it('returns public data only and refuses seeds that are not BIP-39 entropy', () => {
    const accounts = deriveAccounts(createSeed())
    expect(Object.keys(accounts).sort()).toEqual(['eip155', 'solana'])
    expect(Object.keys(accounts.eip155)).toEqual(['address'])
    expect(Object.keys(accounts.solana).sort()).toEqual(['address', 'publicKey'])
    expect(() => deriveAccounts(new Uint8Array(31))).toThrow('Invalid seed')
  })
})
