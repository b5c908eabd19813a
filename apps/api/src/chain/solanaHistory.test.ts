import { LOCAL_SOLANA_CAIP2 } from '@modalkit/local-solana/genesisHash'
import { splHoldingAccount } from '@modalkit/local-solana/seedSplToken'
import { transfer } from '@modalkit/local-solana/splInstructions'
import { type StartSolanaRpcReturnType, startSolanaRpc } from '@modalkit/local-solana/startSolanaRpc'
import { testKeypairs } from '@modalkit/local-solana/testKeypairs'
import { historyReplySchema } from '@modalkit/protocol'
import {
  Connection,
  type Keypair,
  SystemProgram,
  sendAndConfirmTransaction,
  Transaction,
} from '@solana/web3.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { readAccountHistory } from './readAccountHistory.ts'
import { type Indexer, startIndexer } from './startIndexer.ts'

// The API's indexer following the local Solana node (Solana activity): SOL and SPL moves,
// read from the node's blocks, as the Activity tab shows them.
let node: StartSolanaRpcReturnType
let db: Db
let indexer: Indexer
let connection: Connection
const [alice, bob] = testKeypairs as [Keypair, Keypair]

beforeAll(async () => {
  node = await startSolanaRpc({ port: 0, seedTokens: true })
  connection = new Connection(node.httpUrl, 'confirmed')
  db = await openTestDb()
  await migrate(db)
  indexer = startIndexer(db, new Map([[LOCAL_SOLANA_CAIP2, node.httpUrl]]), 50)
}, 30_000)
afterAll(async () => {
  await indexer.stop()
  await db.close()
  await node.close()
})

const history = async (owner: Keypair, cursor?: string) =>
  historyReplySchema.parse(
    await readAccountHistory({
      db,
      chain: LOCAL_SOLANA_CAIP2,
      address: owner.publicKey.toBase58(),
      cursor,
      projectId: 'shop',
    }),
  )

it('shows a SOL payment and an SPL transfer to both sides, newest first, with the fee left out', async () => {
  const sol = await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 250_000_000 }),
    ),
    [alice],
  )
  const spl = await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      transfer(splHoldingAccount(0).publicKey, splHoldingAccount(1).publicKey, alice.publicKey, 1_500_000n),
    ),
    [alice],
  )
  await indexer.caughtUp()

  const sent = await history(alice)
  expect(sent.data.slice(0, 2).map((tx) => tx.id)).toEqual([spl, sol])
  expect(sent.data[0]).toMatchObject({
    metadata: {
      operationType: 'send',
      sentFrom: alice.publicKey.toBase58(),
      sentTo: bob.publicKey.toBase58(),
    },
    transfers: [{ direction: 'out', quantity: { numeric: '1.5' }, fungible_info: { symbol: 'LUSD' } }],
  })
  expect(sent.data[1]).toMatchObject({
    metadata: { operationType: 'send', status: 'confirmed', chain: LOCAL_SOLANA_CAIP2 },
    transfers: [{ direction: 'out', quantity: { numeric: '0.25' }, fungible_info: { symbol: 'SOL' } }],
  })
  const received = await history(bob)
  expect(
    received.data.slice(0, 2).map((tx) => [tx.metadata.operationType, tx.transfers[0]?.direction]),
  ).toEqual([
    ['receive', 'in'],
    ['receive', 'in'],
  ])
  // Base58 is case-sensitive: the same letters in another case are another (empty) account.
  const other = alice.publicKey.toBase58()
  const swapped = [...other].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('')
  const none = await readAccountHistory({
    db,
    chain: LOCAL_SOLANA_CAIP2,
    address: swapped,
    projectId: 'shop',
  })
  expect(none.data).toEqual([])
})

it('pages an account’s history by cursor', async () => {
  for (let i = 0; i < 11; i++) {
    await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: bob.publicKey, toPubkey: alice.publicKey, lamports: 1000 + i }),
      ),
      [bob],
    )
  }
  await indexer.caughtUp()
  const first = await history(bob)
  expect(first.data).toHaveLength(10)
  expect(first.next).not.toBeNull()
  const second = await history(bob, first.next!)
  expect(second.data.length).toBeGreaterThan(0)
  expect(new Set([...first.data, ...second.data].map((tx) => tx.id)).size).toBe(
    first.data.length + second.data.length,
  )
})
