import { ed25519 } from '@noble/curves/ed25519'
import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { deriveAccounts } from './deriveAccounts.ts'
import { signSolanaMessage } from './signSolanaMessage.ts'
import { TEST_SEED, thrown } from './testSeed.ts'

const me = new PublicKey(deriveAccounts(TEST_SEED).solana.address)

describe('signSolanaMessage', () => {
  it('signs exactly the bytes given (ed25519, verified with @noble/curves)', () => {
    const message = new TextEncoder().encode('Sign in to shop.example')
    const signature = signSolanaMessage(TEST_SEED, message)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, message, me.toBytes())).toBe(true)
    expect(ed25519.verify(signature, message.subarray(1), me.toBytes())).toBe(false)
  })

  it('refuses a transaction message passed off as a message', () => {
    const message = new Transaction({ feePayer: me, recentBlockhash: me.toBase58() })
      .add(SystemProgram.transfer({ fromPubkey: me, toPubkey: me, lamports: 1 }))
      .serializeMessage()
    expect(thrown(() => signSolanaMessage(TEST_SEED, message))).toMatchObject({
      name: 'ValidationError',
      details: 'custom',
    })
    expect(thrown(() => signSolanaMessage(TEST_SEED, 'text' as unknown as Uint8Array))).toMatchObject({
      code: 'validation_error',
    })
  })
})
