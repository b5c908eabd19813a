import {
  type HostSnapshot,
  parseSolanaSignParams,
  type SolanaSignMethod,
  UserRejectedRequestError,
} from '@modalkit/protocol'
import { base64ToBytes, bytesToBase64, decodeBase58, encodeBase58 } from '@modalkit/shared'
import { ed25519 } from '@noble/curves/ed25519'
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, it, vi } from 'vitest'
import { createSolanaProvider } from './createSolanaProvider.ts'
import { INITIAL_SNAPSHOT, Store } from './store.ts'

const secret = ed25519.utils.randomPrivateKey()
const publicKey = encodeBase58(ed25519.getPublicKey(secret))
const connected: HostSnapshot = {
  ...INITIAL_SNAPSHOT,
  accounts: [{ namespace: 'solana', status: 'connected', address: publicKey }],
}

/**
 * The modal's side as a real signer: it answers in WalletConnect's Solana shapes with a real ed25519
 * key; "signing" a transaction here appends the signature to its bytes, so the test sees them move.
 */
function setup(initial: HostSnapshot = connected) {
  const store = new Store<HostSnapshot>(initial)
  const sent: { method: string; params: unknown }[] = []
  let reply: ((method: string, params: unknown) => unknown) | undefined
  const signBytes = (b64: string) => {
    const bytes = base64ToBytes(b64)!
    return bytesToBase64(Uint8Array.from([...bytes, ...ed25519.sign(bytes, secret)]))
  }
  const backend = {
    ready: vi.fn(async () => {}),
    open: vi.fn(async () => {}),
    disconnect: vi.fn(async () => {}),
    classes: vi.fn(async () => ({ PublicKey })),
    forward: async (method: SolanaSignMethod, params: unknown) => {
      sent.push({ method, params })
      if (reply) return reply(method, params)
      switch (method) {
        case 'solana_signMessage': {
          const { message, pubkey } = parseSolanaSignParams(method, params)
          expect(pubkey).toBe(publicKey)
          return { signature: encodeBase58(ed25519.sign(decodeBase58(message)!, secret)) }
        }
        case 'solana_signTransaction': {
          const { transaction } = parseSolanaSignParams(method, params)
          return { signature: '5'.repeat(88), transaction: signBytes(transaction) }
        }
        case 'solana_signAllTransactions':
          return { transactions: parseSolanaSignParams(method, params).transactions.map(signBytes) }
        default:
          return { signature: '4'.repeat(88) }
      }
    },
  }
  const provider = createSolanaProvider(store, backend)
  return {
    store,
    backend,
    provider,
    sent,
    reply: (fn: typeof reply) => {
      reply = fn
    },
  }
}

describe('the Solana provider (getProvider("solana"))', () => {
  it('answers publicKey (a PublicKey) and isConnected from the mirrored state', async () => {
    const { provider, store } = setup(INITIAL_SNAPSHOT)
    expect(provider.publicKey).toBeUndefined()
    expect(provider.isConnected).toBe(false)
    store.set(connected)
    expect(provider.isConnected).toBe(true)
    // A web3.js PublicKey once its class has loaded (a lazy script in the browser).
    await vi.waitFor(() => expect(provider.publicKey).toBeInstanceOf(PublicKey))
    expect(provider.publicKey?.toBase58()).toBe(publicKey)
  })

  it('signs a message: bytes cross as base58 with the signer, the signature comes back as bytes and verifies', async () => {
    const { provider, sent } = setup()
    const message = new TextEncoder().encode('Hello from the demo site')
    const signature = await provider.signMessage(message)
    expect(signature).toBeInstanceOf(Uint8Array)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, message, decodeBase58(publicKey)!)).toBe(true)
    expect(sent).toEqual([
      { method: 'solana_signMessage', params: { message: encodeBase58(message), pubkey: publicKey } },
    ])
  })

  it('signs serialized transactions as base64 and gives back the signed bytes, one or many', async () => {
    const { provider, sent } = setup()
    const tx = Uint8Array.from([1, 0, 2, 3, 4])
    const signed = await provider.signTransaction(tx)
    expect(signed.subarray(0, 5)).toEqual(tx)
    expect(ed25519.verify(signed.subarray(5), tx, decodeBase58(publicKey)!)).toBe(true)
    expect(sent[0]).toEqual({ method: 'solana_signTransaction', params: { transaction: 'AQACAwQ=' } })

    const all = await provider.signAllTransactions([tx, Uint8Array.from([9, 9, 9])])
    expect(all.map((b) => b.length)).toEqual([69, 67])
    const sentAndSend = await provider.signAndSendTransaction(tx, { skipPreflight: true })
    expect(sentAndSend).toBe('4'.repeat(88))
    expect(sent.at(-1)).toEqual({
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQACAwQ=', sendOptions: { skipPreflight: true } },
    })
  })

  it('refuses to sign without a connected account (4100) and non-bytes input (-32602), sending nothing', async () => {
    const { provider, sent } = setup(INITIAL_SNAPSHOT)
    await expect(provider.signMessage(new Uint8Array([1]))).rejects.toMatchObject({
      code: 4100,
      message: 'Please call connect() before request()',
    })
    const on = setup()
    await expect(on.provider.signMessage('hello' as unknown as Uint8Array)).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params: message must be a Uint8Array (serialized)',
    })
    await expect(on.provider.signTransaction({} as unknown as Uint8Array)).rejects.toMatchObject({
      code: -32602,
      message:
        'Invalid params: transaction must be a Transaction, a VersionedTransaction or its serialized bytes (Uint8Array)',
    })
    await expect(
      on.provider.signAllTransactions(new Uint8Array([1]) as unknown as Uint8Array[]),
    ).rejects.toMatchObject({ code: -32602 })
    expect([...sent, ...on.sent]).toEqual([])
  })

  it("parses the modal's answer: a malformed one is an error, never bytes", async () => {
    const { provider, reply } = setup()
    reply(() => ({ signature: '0xdeadbeef' }))
    await expect(provider.signMessage(new Uint8Array([1]))).rejects.toMatchObject({
      data: { code: 'validation_error' },
      message: 'Invalid solana_signMessage result',
    })
    reply(() => ({ signature: '5'.repeat(88) }))
    await expect(provider.signTransaction(new Uint8Array([1]))).rejects.toMatchObject({
      message: 'Invalid solana_signTransaction result',
    })
  })

  it('passes a wallet rejection through as EIP-1193 4001', async () => {
    const { provider, reply } = setup()
    reply(() => {
      throw new UserRejectedRequestError()
    })
    await expect(provider.signMessage(new Uint8Array([1]))).rejects.toMatchObject({ code: 4001 })
  })

  it('connect() resolves at once when connected, else opens the modal and waits for a Solana account', async () => {
    const now = setup()
    expect(await now.provider.connect()).toBe(publicKey)
    expect(now.provider.publicKey?.toBase58()).toBe(publicKey)
    expect(now.backend.open).not.toHaveBeenCalled()

    const later = setup(INITIAL_SNAPSHOT)
    const connecting = later.provider.connect()
    await vi.waitFor(() => expect(later.backend.open).toHaveBeenCalledTimes(1))
    later.store.set({ ...INITIAL_SNAPSHOT, open: true })
    later.store.set({ ...connected, open: true })
    expect(await connecting).toBe(publicKey)
  })

  it("connect() rejects with 4001 'Connection rejected' when the modal closes first", async () => {
    const { provider, store, backend } = setup(INITIAL_SNAPSHOT)
    const connecting = provider.connect()
    await vi.waitFor(() => expect(backend.open).toHaveBeenCalled())
    store.set({ ...INITIAL_SNAPSHOT, open: true })
    store.set({ ...INITIAL_SNAPSHOT, open: false })
    await expect(connecting).rejects.toMatchObject({ code: 4001, message: 'Connection rejected' })
  })

  it('emits connect, accountChanged and disconnect; disconnect() asks the modal', async () => {
    const { provider, store, backend } = setup(INITIAL_SNAPSHOT)
    const seen: unknown[][] = []
    for (const event of ['connect', 'accountChanged', 'disconnect'] as const)
      provider.on(event, (...args: unknown[]) => seen.push([event, ...args]))
    const removed = vi.fn()
    provider.on('connect', removed).removeListener('connect', removed)
    store.set(connected)
    const other = encodeBase58(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()))
    store.set({
      ...INITIAL_SNAPSHOT,
      accounts: [{ namespace: 'solana', status: 'connected', address: other }],
    })
    store.set(INITIAL_SNAPSHOT)
    await vi.waitFor(() =>
      expect(seen).toEqual([
        ['connect', new PublicKey(publicKey)],
        ['accountChanged', new PublicKey(other)],
        ['disconnect', undefined],
      ]),
    )
    expect(removed).not.toHaveBeenCalled()
    await provider.disconnect()
    expect(backend.disconnect).toHaveBeenCalledTimes(1)
  })

  describe("with @solana/web3.js objects, as AppKit's Solana adapter takes them", () => {
    const keypair = Keypair.fromSeed(secret)
    const blockhash = new PublicKey(new Uint8Array(32).fill(7)).toBase58()
    const transfer = () =>
      SystemProgram.transfer({
        fromPubkey: keypair.publicKey,
        toPubkey: Keypair.generate().publicKey,
        lamports: 5,
      })

    /** The modal's side signs for real: the wallet's key over the transaction's message. */
    function signingSetup() {
      const s = setup()
      s.reply((method, params) => {
        const sign = (b64: string) => {
          const bytes = base64ToBytes(b64)!
          const versioned = VersionedTransaction.deserialize(bytes)
          versioned.sign([keypair])
          return bytesToBase64(versioned.serialize())
        }
        if (method === 'solana_signTransaction') {
          const { transaction } = parseSolanaSignParams(method, params)
          return { signature: '5'.repeat(88), transaction: sign(transaction) }
        }
        if (method === 'solana_signAllTransactions')
          return { transactions: parseSolanaSignParams(method, params).transactions.map(sign) }
        return { signature: '4'.repeat(88) }
      })
      return s
    }

    it('signTransaction: a Transaction in, a signed Transaction out whose signature verifies', async () => {
      const { provider } = signingSetup()
      const tx = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: blockhash }).add(transfer())
      const signed = await provider.signTransaction(tx)
      expect(signed).toBeInstanceOf(Transaction)
      expect(signed.verifySignatures()).toBe(true)
      expect(Buffer.from(signed.serializeMessage())).toEqual(tx.serializeMessage())
    })

    it('signAllTransactions: a VersionedTransaction and a Transaction, each back in its own class', async () => {
      const { provider } = signingSetup()
      const message = new TransactionMessage({
        payerKey: keypair.publicKey,
        recentBlockhash: blockhash,
        instructions: [transfer()],
      }).compileToV0Message()
      const versioned = new VersionedTransaction(message)
      const legacy = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: blockhash }).add(
        transfer(),
      )
      const [v, l] = await provider.signAllTransactions<VersionedTransaction | Transaction>([
        versioned,
        legacy,
      ])
      expect(v).toBeInstanceOf(VersionedTransaction)
      const signedV = v as VersionedTransaction
      expect(
        ed25519.verify(signedV.signatures[0]!, signedV.message.serialize(), keypair.publicKey.toBytes()),
      ).toBe(true)
      expect(l).toBeInstanceOf(Transaction)
      expect((l as Transaction).verifySignatures()).toBe(true)
    })

    it("sendTransaction: signs through the modal, then the page's connection sends the signed bytes", async () => {
      const { provider, sent } = signingSetup()
      const tx = new Transaction({ feePayer: keypair.publicKey, recentBlockhash: blockhash }).add(transfer())
      const raw: Uint8Array[] = []
      const connection = {
        sendRawTransaction: async (bytes: Uint8Array, options?: object) => {
          raw.push(bytes)
          expect(options).toEqual({ skipPreflight: true })
          return 'sent-signature'
        },
      }
      expect(await provider.sendTransaction(tx, connection, { skipPreflight: true })).toBe('sent-signature')
      expect(sent.map((r) => r.method)).toEqual(['solana_signTransaction'])
      expect(Transaction.from(raw[0]!).verifySignatures()).toBe(true)
      await expect(provider.sendTransaction(tx, {} as typeof connection)).rejects.toMatchObject({
        code: -32602,
      })
    })
  })
})
