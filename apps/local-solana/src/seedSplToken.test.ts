import { LOCAL_SPL_MINT_ADDRESS } from '@modalkit/shared'
import { Connection, type Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { LOCAL_SPL_HOLDING, LOCAL_SPL_MINT } from './seedSplToken.ts'
import { type StartSolanaRpcReturnType, startSolanaRpc } from './startSolanaRpc.ts'
import { testKeypairs } from './testKeypairs.ts'

let node: StartSolanaRpcReturnType
let connection: Connection

beforeAll(async () => {
  node = await startSolanaRpc({ port: 0, seedTokens: true })
  connection = new Connection(node.httpUrl, { commitment: 'confirmed' })
})
afterAll(async () => {
  await node.close()
})

it('gives test accounts 0 to 4 the local SPL token, and no other', async () => {
  const holding = async (index: number) => {
    const owner = (testKeypairs[index] as Keypair).publicKey
    const { value } = await connection.getParsedTokenAccountsByOwner(owner, {
      mint: LOCAL_SPL_MINT.publicKey,
    })
    return value.map(
      (entry) =>
        (entry.account.data.parsed as { info: { tokenAmount: { amount: string } } }).info.tokenAmount.amount,
    )
  }
  expect(await holding(0)).toEqual([String(LOCAL_SPL_HOLDING)])
  expect(await holding(4)).toEqual([String(LOCAL_SPL_HOLDING)])
  expect(await holding(5)).toEqual([])
  // The test accounts paid nothing for it.
  expect(await connection.getBalance((testKeypairs[0] as Keypair).publicKey)).toBe(1000 * 1e9)
})

it('mints at the address the rest of the project names', () => {
  expect(LOCAL_SPL_MINT.publicKey.toBase58()).toBe(LOCAL_SPL_MINT_ADDRESS)
})
