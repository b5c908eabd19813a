import { ed25519 } from '@noble/curves/ed25519'
import {
  Keypair,
  MessageV0,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { decodeBase58 } from 'ethers'
import { describe, expect, it } from 'vitest'
import { base58ToBytes } from './base58ToBytes.ts'
import { deriveAccounts } from './deriveAccounts.ts'
import { signAllSolanaTransactions } from './signAllSolanaTransactions.ts'
import { signSolanaTransaction } from './signSolanaTransaction.ts'
import { TEST_SEED, thrown } from './testSeed.ts'

const me = new PublicKey(deriveAccounts(TEST_SEED).solana.address)
const other = Keypair.generate().publicKey
const blockhash = new PublicKey(new Uint8Array(32).fill(9)).toBase58()
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

const legacy = (feePayer = me) =>
  b64(
    new Transaction({ feePayer, recentBlockhash: blockhash })
      .add(SystemProgram.transfer({ fromPubkey: feePayer, toPubkey: other, lamports: 1_500_000_000 }))
      .serialize({ requireAllSignatures: false, verifySignatures: false }),
  )
const versioned = () =>
  b64(
    new VersionedTransaction(
      new TransactionMessage({
        payerKey: me,
        recentBlockhash: blockhash,
        instructions: [SystemProgram.transfer({ fromPubkey: me, toPubkey: other, lamports: 42 })],
      }).compileToV0Message(),
    ).serialize(),
  )

describe('signSolanaTransaction', () => {
  it('signs legacy and versioned transactions: the signature verifies over the message bytes given', () => {
    for (const input of [legacy(), versioned()]) {
      const { signature, transaction } = signSolanaTransaction(TEST_SEED, { transaction: input })
      const signed = VersionedTransaction.deserialize(Buffer.from(transaction, 'base64'))
      const sig = base58ToBytes(signature, 'signature')
      expect(sig).toHaveLength(64)
      expect(signed.signatures[0]).toEqual(sig)
      const messageBytes = VersionedTransaction.deserialize(Buffer.from(input, 'base64')).message.serialize()
      expect(ed25519.verify(sig, messageBytes, me.toBytes())).toBe(true)
      expect(signed.message.serialize()).toEqual(messageBytes)
    }
    expect(VersionedTransaction.deserialize(Buffer.from(versioned(), 'base64')).message).toBeInstanceOf(
      MessageV0,
    )
  })

  it('signs all of a batch, or none when one is malformed', () => {
    const all = signAllSolanaTransactions(TEST_SEED, { transactions: [legacy(), versioned()] })
    expect(all).toHaveLength(2)
    expect(decodeBase58(all[0]!.signature)).not.toBe(decodeBase58(all[1]!.signature))
    expect(
      thrown(() => signAllSolanaTransactions(TEST_SEED, { transactions: [legacy(), 'AAAA'] })),
    ).toMatchObject({
      name: 'ValidationError',
    })
  })

  it('refuses transactions this wallet does not sign, and malformed ones, with typed errors', () => {
    expect(thrown(() => signSolanaTransaction(TEST_SEED, { transaction: legacy(other) }))).toMatchObject({
      name: 'AccountMismatchError',
      code: 4100,
    })
    const bytes = Buffer.from(legacy(), 'base64')
    const trailing = b64(Buffer.concat([bytes, Buffer.from([0])])) // extra byte: not canonical
    for (const transaction of ['not base64!', 'AAAA', trailing, b64(bytes.subarray(0, 80))]) {
      expect(
        thrown(() => signSolanaTransaction(TEST_SEED, { transaction })),
        transaction,
      ).toMatchObject({
        name: 'ValidationError',
        code: 'validation_error',
      })
    }
  })
})
