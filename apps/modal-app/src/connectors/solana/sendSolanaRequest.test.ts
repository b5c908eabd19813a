import { decodeBase58, encodeBase58 } from '@modalkit/shared'
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { sendSolanaRequest } from './sendSolanaRequest.ts'

const wallet = Keypair.generate()
const signer = wallet.publicKey.toBase58()
const secret = wallet.secretKey.subarray(0, 32)
const tx = new Transaction({
  feePayer: wallet.publicKey,
  recentBlockhash: new PublicKey(new Uint8Array(32).fill(3)).toBase58(),
}).add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: wallet.publicKey, lamports: 1 }))
const unsigned = Buffer.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false })).toString(
  'base64',
)

describe('sendSolanaRequest', () => {
  it('sends parsed params and gives back the parsed reply (a message signature that verifies)', async () => {
    const sent: unknown[] = []
    const message = encodeBase58(new TextEncoder().encode('hello'))
    const result = await sendSolanaRequest({
      method: 'solana_signMessage',
      params: { message, pubkey: signer, extra: 'dropped' },
      signer,
      send: async (method, params) => {
        sent.push([method, params])
        const { message: m } = params as { message: string }
        return { signature: encodeBase58(ed25519.sign(decodeBase58(m)!, secret)), publicKey: signer }
      },
    })
    expect(sent).toEqual([['solana_signMessage', { message, pubkey: signer }]])
    expect(Object.keys(result)).toEqual(['signature'])
    expect(
      ed25519.verify(
        decodeBase58(result.signature)!,
        new TextEncoder().encode('hello'),
        wallet.publicKey.toBytes(),
      ),
    ).toBe(true)
  })

  it('builds the signed transaction when a wallet answers solana_signTransaction with the signature alone', async () => {
    const signature = encodeBase58(ed25519.sign(tx.serializeMessage(), secret))
    const result = await sendSolanaRequest({
      method: 'solana_signTransaction',
      params: { transaction: unsigned },
      signer,
      send: async () => ({ signature }),
    })
    expect(result.signature).toBe(signature)
    expect(Transaction.from(Buffer.from(result.transaction, 'base64')).verifySignatures()).toBe(true)
    // A wallet that sends the signed transaction back is taken at its word (the host parses it again).
    const given = await sendSolanaRequest({
      method: 'solana_signTransaction',
      params: { transaction: unsigned },
      signer,
      send: async () => ({ signature, transaction: unsigned }),
    })
    expect(given.transaction).toBe(unsigned)
  })

  it('refuses bad params before any wallet sees them, and malformed replies', async () => {
    let called = false
    const send = async () => {
      called = true
      return { signature: 'x' }
    }
    await expect(
      sendSolanaRequest({
        method: 'solana_signAndSendTransaction',
        params: { transaction: 'nope!' },
        signer,
        send,
      }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid solana_signAndSendTransaction params',
    })
    expect(called).toBe(false)
    await expect(
      sendSolanaRequest({
        method: 'solana_signAndSendTransaction',
        params: { transaction: unsigned },
        signer,
        send,
      }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      shortMessage: 'Invalid solana_signAndSendTransaction reply',
    })
  })
})
