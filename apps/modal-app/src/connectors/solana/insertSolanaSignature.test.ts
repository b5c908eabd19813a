import { encodeBase58 } from '@modalkit/shared'
import { ed25519 } from '@noble/curves/ed25519'
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { insertSolanaSignature } from './insertSolanaSignature.ts'

const payer = Keypair.generate()
const cosigner = Keypair.generate()
const blockhash = new PublicKey(new Uint8Array(32).fill(7)).toBase58()
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const sign = (message: Uint8Array, keypair: Keypair) =>
  ed25519.sign(message, keypair.secretKey.subarray(0, 32))

describe('insertSolanaSignature', () => {
  it("puts the signature in the signer's slot of a legacy transaction, which then verifies", () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: cosigner.publicKey, toPubkey: payer.publicKey, lamports: 5 }),
    )
    const unsigned = b64(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
    const message = tx.serializeMessage()
    // The second signer signs first: its slot is the second.
    const signature = sign(message, cosigner)
    const once = insertSolanaSignature(unsigned, cosigner.publicKey.toBase58(), encodeBase58(signature))
    const both = insertSolanaSignature(once, payer.publicKey.toBase58(), encodeBase58(sign(message, payer)))
    const signed = Transaction.from(Buffer.from(both, 'base64'))
    expect(signed.verifySignatures()).toBe(true)
    expect(Transaction.from(Buffer.from(once, 'base64')).signatures[1]?.signature).toEqual(
      Buffer.from(signature),
    )
    expect(Buffer.from(signed.serializeMessage())).toEqual(message)
  })

  it('signs a versioned (v0) transaction the same way', () => {
    const tx = new VersionedTransaction(
      new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: blockhash,
        instructions: [
          SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: cosigner.publicKey, lamports: 1 }),
        ],
      }).compileToV0Message(),
    )
    const message = tx.message.serialize()
    const signature = sign(message, payer)
    const signed = VersionedTransaction.deserialize(
      Buffer.from(
        insertSolanaSignature(b64(tx.serialize()), payer.publicKey.toBase58(), encodeBase58(signature)),
        'base64',
      ),
    )
    expect(signed.signatures[0]).toEqual(signature)
    expect(ed25519.verify(signed.signatures[0]!, signed.message.serialize(), payer.publicKey.toBytes())).toBe(
      true,
    )
  })

  it('refuses an account that is not a signer, and bytes that are not a transaction', () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: cosigner.publicKey, lamports: 5 }),
    )
    const unsigned = b64(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
    const signature = encodeBase58(new Uint8Array(64).fill(1))
    expect(() => insertSolanaSignature(unsigned, cosigner.publicKey.toBase58(), signature)).toThrowError(
      expect.objectContaining({
        code: 'validation_error',
        shortMessage: 'Invalid solana_signTransaction reply',
        issues: [expect.objectContaining({ message: 'the account is not a signer of the transaction' })],
      }),
    )
    expect(() => insertSolanaSignature('AAAA', payer.publicKey.toBase58(), signature)).toThrowError(
      expect.objectContaining({ code: 'validation_error' }),
    )
    expect(() => insertSolanaSignature(unsigned, payer.publicKey.toBase58(), '1111')).toThrowError(
      expect.objectContaining({ code: 'validation_error' }),
    )
  })
})
