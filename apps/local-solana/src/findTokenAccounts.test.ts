import { Connection, Keypair, SystemProgram, sendAndConfirmTransaction, Transaction } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_PROGRAM_ID } from './parseTokenAccount.ts'
import { initializeAccount3, initializeMint2, mintTo } from './splInstructions.ts'
import { type StartSolanaRpcReturnType, startSolanaRpc } from './startSolanaRpc.ts'
import { testKeypairs } from './testKeypairs.ts'

let node: StartSolanaRpcReturnType
let connection: Connection
const payer = testKeypairs[3] as Keypair
const holder = testKeypairs[4] as Keypair

beforeAll(async () => {
  node = await startSolanaRpc({ port: 0 })
  connection = new Connection(node.httpUrl, { commitment: 'confirmed' })
})
afterAll(async () => {
  await node.close()
})

async function createAccount(account: Keypair, space: number) {
  return SystemProgram.createAccount({
    fromPubkey: payer.publicKey,
    newAccountPubkey: account.publicKey,
    lamports: await connection.getMinimumBalanceForRentExemption(space),
    space,
    programId: TOKEN_PROGRAM_ID,
  })
}

describe('getTokenAccountsByOwner', () => {
  it('is empty for an owner without tokens and refuses an unknown program', async () => {
    const { value } = await connection.getTokenAccountsByOwner(holder.publicKey, {
      programId: TOKEN_PROGRAM_ID,
    })
    expect(value).toEqual([])
    await expect(
      connection.getTokenAccountsByOwner(holder.publicKey, { programId: SystemProgram.programId }),
    ).rejects.toThrow('unrecognized Token program id')
  })

  it('lists real SPL token accounts, raw and jsonParsed', async () => {
    const mint = Keypair.generate()
    const account = Keypair.generate()
    const tx = new Transaction().add(
      await createAccount(mint, 82),
      initializeMint2(mint.publicKey, 6, payer.publicKey),
      await createAccount(account, 165),
      initializeAccount3(account.publicKey, mint.publicKey, holder.publicKey),
      mintTo(mint.publicKey, account.publicKey, payer.publicKey, 1_500_000n),
    )
    await sendAndConfirmTransaction(connection, tx, [payer, mint, account])

    const raw = await connection.getTokenAccountsByOwner(holder.publicKey, { mint: mint.publicKey })
    expect(raw.value.map((entry) => entry.pubkey.toBase58())).toEqual([account.publicKey.toBase58()])
    expect(raw.value[0]?.account.data.length).toBe(165)

    const parsed = await connection.getParsedTokenAccountsByOwner(holder.publicKey, {
      programId: TOKEN_PROGRAM_ID,
    })
    expect(parsed.value[0]?.account.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint: mint.publicKey.toBase58(),
          owner: holder.publicKey.toBase58(),
          state: 'initialized',
          tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
        },
      },
      space: 165,
    })
    // Another owner sees none of it.
    expect(
      (await connection.getTokenAccountsByOwner(payer.publicKey, { mint: mint.publicKey })).value,
    ).toEqual([])
  })
})
