import {
  Connection,
  type Keypair,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOCAL_SPL_MINT, splHoldingAccount } from './seedSplToken.ts'
import { transfer } from './splInstructions.ts'
import { type StartSolanaRpcReturnType, startSolanaRpc } from './startSolanaRpc.ts'
import { testKeypairs } from './testKeypairs.ts'

let node: StartSolanaRpcReturnType
let connection: Connection
const [alice, bob, carol] = testKeypairs as [Keypair, Keypair, Keypair]

beforeAll(async () => {
  node = await startSolanaRpc({ port: 0, seedTokens: true })
  connection = new Connection(node.httpUrl, { commitment: 'confirmed' })
})
afterAll(async () => {
  await node.close()
})

const rpc = async (method: string, params: unknown[]) => {
  const res = await fetch(node.httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
}

it('lists an account’s transactions newest first, each with its balances before and after', async () => {
  const sol = await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: carol.publicKey, lamports: 12_345 }),
    ),
    [alice],
  )
  const spl = await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      transfer(splHoldingAccount(0).publicKey, splHoldingAccount(1).publicKey, alice.publicKey, 2_500_000n),
    ),
    [alice],
  )

  const listed = await connection.getSignaturesForAddress(alice.publicKey)
  expect(listed.slice(0, 2).map((entry) => entry.signature)).toEqual([spl, sol])
  expect(listed[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  expect(typeof listed[0]?.blockTime).toBe('number')
  // Paging: older than the SPL transfer, one at a time.
  const older = await connection.getSignaturesForAddress(alice.publicKey, { before: spl, limit: 1 })
  expect(older.map((entry) => entry.signature)).toEqual([sol])
  expect((await connection.getSignaturesForAddress(carol.publicKey)).map((e) => e.signature)).toEqual([sol])

  const solTx = await connection.getTransaction(sol, { maxSupportedTransactionVersion: 0 })
  const keys = solTx!.transaction.message.staticAccountKeys.map((key) => key.toBase58())
  const delta = (who: Keypair) => {
    const i = keys.indexOf(who.publicKey.toBase58())
    return solTx!.meta!.postBalances[i]! - solTx!.meta!.preBalances[i]!
  }
  expect(delta(carol)).toBe(12_345)
  expect(delta(alice)).toBe(-12_345 - solTx!.meta!.fee)
  expect(solTx!.meta!.fee).toBe(5000)

  const splTx = await connection.getTransaction(spl, { maxSupportedTransactionVersion: 0 })
  const amounts = (balances: { owner?: string; uiTokenAmount: { amount: string } }[] | null | undefined) =>
    Object.fromEntries((balances ?? []).map((b) => [b.owner, b.uiTokenAmount.amount]))
  expect(splTx!.meta!.preTokenBalances?.every((b) => b.mint === LOCAL_SPL_MINT.publicKey.toBase58())).toBe(
    true,
  )
  const before = amounts(splTx!.meta!.preTokenBalances)
  const after = amounts(splTx!.meta!.postTokenBalances)
  const owner = (k: Keypair) => k.publicKey.toBase58()
  expect(BigInt(after[owner(alice)]!) - BigInt(before[owner(alice)]!)).toBe(-2_500_000n)
  expect(BigInt(after[owner(bob)]!) - BigInt(before[owner(bob)]!)).toBe(2_500_000n)

  // Its block: one transaction, the same one; getBlocks lists the slot.
  const block = await connection.getBlock(splTx!.slot, { maxSupportedTransactionVersion: 0 })
  expect(block!.transactions.map((t) => t.transaction.signatures[0])).toEqual([spl])
  expect(block!.parentSlot).toBe(splTx!.slot - 1)
  expect(await connection.getBlocks(solTx!.slot, splTx!.slot)).toEqual(
    expect.arrayContaining([solTx!.slot, splTx!.slot]),
  )
  expect(await connection.getTransaction('1'.repeat(64), { maxSupportedTransactionVersion: 0 })).toBeNull()
  // The seeding transactions came first: the ledger starts at them, not at slot 0.
  const first = await connection.getFirstAvailableBlock()
  expect(first).toBeGreaterThan(0)
  expect(first).toBeLessThan(solTx!.slot)
})

it('answers as a node does for blocks not there and versions the client did not accept', async () => {
  const slot = await connection.getSlot()
  expect((await rpc('getBlock', [slot + 10])).error).toEqual({
    code: -32004,
    message: `Block not available for slot ${slot + 10}`,
  })
  const { blockhash } = await connection.getLatestBlockhash()
  const message = new TransactionMessage({
    payerKey: bob.publicKey,
    recentBlockhash: blockhash,
    instructions: [
      SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: carol.publicKey, lamports: 1 }),
    ],
  }).compileToV0Message()
  const v0 = new VersionedTransaction(message)
  v0.sign([bob])
  const signature = await connection.sendTransaction(v0)
  expect((await rpc('getTransaction', [signature])).error?.code).toBe(-32015)
  const found = await connection.getTransaction(signature, { maxSupportedTransactionVersion: 0 })
  expect(found?.version).toBe(0)
  expect((await rpc('getSignaturesForAddress', [bob.publicKey.toBase58(), { limit: 0 }])).error?.code).toBe(
    -32602,
  )
})
