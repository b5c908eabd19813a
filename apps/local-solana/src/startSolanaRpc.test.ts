import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  type PublicKey,
  SendTransactionError,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { base58 } from './base58.ts'
import { GENESIS_HASH } from './genesisHash.ts'
import { MAX_BODY_BYTES, type StartSolanaRpcReturnType, startSolanaRpc } from './startSolanaRpc.ts'
import { TEST_ACCOUNT_LAMPORTS, testKeypairs } from './testKeypairs.ts'

let node: StartSolanaRpcReturnType
let connection: Connection

beforeAll(async () => {
  node = await startSolanaRpc({ port: 0 })
  // The WebSocket is found at port + 1, as web3.js assumes by default: no wsEndpoint passed.
  connection = new Connection(node.httpUrl, { commitment: 'confirmed' })
})
afterAll(async () => {
  await node.close()
})

const [alice, bob, carol] = testKeypairs as [Keypair, Keypair, Keypair]

const rpc = async (body: unknown): Promise<unknown> => {
  const res = await fetch(node.httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  })
  return res.json()
}

async function transfer(from: Keypair, to: PublicKey, lamports: number): Promise<Transaction> {
  const { blockhash } = await connection.getLatestBlockhash()
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }),
  )
  tx.sign(from)
  return tx
}

async function fundedKeypair(sol: number): Promise<Keypair> {
  const keypair = Keypair.generate()
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL)
  const latest = await connection.getLatestBlockhash()
  await connection.confirmTransaction({ signature, ...latest })
  return keypair
}

describe('the local Solana node, through web3.js', () => {
  it('funds the test accounts and names its genesis hash', async () => {
    expect(BigInt(await connection.getBalance(carol.publicKey))).toBe(TEST_ACCOUNT_LAMPORTS)
    expect(await connection.getGenesisHash()).toBe(GENESIS_HASH)
    expect((await connection.getVersion())['solana-core']).toMatch(/^2\./)
  })

  it('airdrops, then shows the balance', async () => {
    const keypair = await fundedKeypair(2)
    expect(await connection.getBalance(keypair.publicKey)).toBe(2 * LAMPORTS_PER_SOL)
    const info = await connection.getAccountInfo(keypair.publicKey)
    expect(info?.owner.equals(SystemProgram.programId)).toBe(true)
    expect(info?.lamports).toBe(2 * LAMPORTS_PER_SOL)
  })

  it('confirms a transfer over the WebSocket and charges the fee', async () => {
    const [aliceBefore, bobBefore] = [
      await connection.getBalance(alice.publicKey),
      await connection.getBalance(bob.publicKey),
    ]
    const tx = await transfer(alice, bob.publicKey, LAMPORTS_PER_SOL / 10)
    const fee = (await connection.getFeeForMessage(tx.compileMessage())).value
    expect(fee).toBe(5000)
    const signature = await sendAndConfirmTransaction(connection, tx, [alice])
    expect(await connection.getBalance(alice.publicKey)).toBe(aliceBefore - LAMPORTS_PER_SOL / 10 - 5000)
    expect(await connection.getBalance(bob.publicKey)).toBe(bobBefore + LAMPORTS_PER_SOL / 10)
    const { value } = await connection.getSignatureStatuses([signature])
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  })

  it('advances the slot, block height and blockhash with each transaction', async () => {
    const [slot, height, { blockhash }] = [
      await connection.getSlot(),
      await connection.getBlockHeight(),
      await connection.getLatestBlockhash(),
    ]
    await sendAndConfirmTransaction(connection, await transfer(alice, carol.publicKey, 1000), [alice])
    expect(await connection.getSlot()).toBe(slot + 1)
    expect(await connection.getBlockHeight()).toBe(height + 1)
    expect((await connection.getLatestBlockhash()).blockhash).not.toBe(blockhash)
    // An older blockhash stays valid, as on a cluster, so clients that fetched it earlier still send.
    const old = new Transaction({ feePayer: alice.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: carol.publicKey, lamports: 1001 }),
    )
    await expect(sendAndConfirmTransaction(connection, old, [alice])).resolves.toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
    )
  })

  it('refuses a transfer beyond the balance with the preflight error and its logs', async () => {
    const poor = await fundedKeypair(1)
    const tx = await transfer(poor, bob.publicKey, 5 * LAMPORTS_PER_SOL)
    const error = await connection.sendRawTransaction(tx.serialize()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect((error as SendTransactionError).transactionError.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect((error as SendTransactionError).transactionError.logs?.join('\n')).toContain(
      'Transfer: insufficient lamports',
    )
    const raw = (await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [tx.serialize().toString('base64'), { encoding: 'base64' }],
    })) as { error: { code: number; data: { err: unknown } } }
    expect(raw.error.code).toBe(-32002)
    expect(raw.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    // Preflight refused it: nothing was charged.
    expect(await connection.getBalance(poor.publicKey)).toBe(LAMPORTS_PER_SOL)
  })

  it('lands a failing transaction without preflight, with the error in its status and the fee charged', async () => {
    const poor = await fundedKeypair(1)
    const tx = await transfer(poor, bob.publicKey, 5 * LAMPORTS_PER_SOL)
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    const { value } = await connection.getSignatureStatus(signature)
    expect(value?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(await connection.getBalance(poor.publicKey)).toBe(LAMPORTS_PER_SOL - 5000)
  })

  it('refuses a bad signature with -32003', async () => {
    const bytes = (await transfer(alice, bob.publicKey, 1234)).serialize()
    bytes[10] = (bytes[10] ?? 0) ^ 0xff
    const raw = (await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [base58.encode(bytes)],
    })) as {
      error: { code: number; message: string }
    }
    expect(raw.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' })
    await expect(connection.sendRawTransaction(bytes)).rejects.toThrow(
      'Transaction signature verification failure',
    )
  })

  it('notifies account and slot subscriptions', async () => {
    const keypair = Keypair.generate()
    const seen = new Promise<number>((resolve) => {
      connection.onAccountChange(keypair.publicKey, (info) => resolve(info.lamports))
    })
    const slot = new Promise<number>((resolve) => {
      connection.onSlotChange((info) => resolve(info.slot))
    })
    // Let both subscriptions reach the node before the change.
    await new Promise((r) => setTimeout(r, 200))
    await connection.requestAirdrop(keypair.publicKey, 3 * LAMPORTS_PER_SOL)
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no notification')), 3000),
    )
    expect(await Promise.race([seen, timeout])).toBe(3 * LAMPORTS_PER_SOL)
    expect(await Promise.race([slot, timeout])).toBe(await connection.getSlot())
  })
})

describe('the JSON-RPC envelope over HTTP', () => {
  it('answers batches in order, unknown methods with -32601 and bad params with -32602', async () => {
    const replies = (await rpc([
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-a-key'] },
      { id: 4, method: 'getSlot' },
      { jsonrpc: '2.0', id: 5, method: 'getMinimumBalanceForRentExemption', params: [0] },
    ])) as { id: number; result?: unknown; error?: { code: number; message: string } }[]
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3, 4, 5])
    expect(replies[0]?.result).toBe(await connection.getSlot())
    expect(replies[1]?.error).toEqual({ code: -32601, message: 'Method not found' })
    expect(replies[2]?.error).toEqual({
      code: -32602,
      message: 'Invalid params: Invalid public key at params[0]',
    })
    expect(replies[3]?.error).toEqual({ code: -32600, message: 'Invalid request' })
    expect(replies[4]?.result).toBe(890880)
  })

  it('answers malformed bodies with JSON-RPC errors and caps the body size', async () => {
    expect(await rpc('{"jsonrpc":')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    expect(await rpc([])).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'Invalid request' },
    })
    expect(await rpc({ jsonrpc: '2.0', id: 1, method: 42 })).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: 'Invalid request' },
    })
    const big = await fetch(node.httpUrl, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) })
    expect(big.status).toBe(413)
    expect((await fetch(node.httpUrl)).status).toBe(405)
  })
})
