import { createHash } from 'node:crypto'
import { Keypair, SystemProgram, Transaction, VersionedTransaction } from '@solana/web3.js'
import type { LocalCluster } from './LocalCluster.ts'
import { TOKEN_ACCOUNT_SIZE, TOKEN_PROGRAM_ID } from './parseTokenAccount.ts'
import { initializeAccount3, initializeMint2, mintTo } from './splInstructions.ts'
import { testKeypairs } from './testKeypairs.ts'

const MINT_SIZE = 82
const seeded = (name: string) =>
  Keypair.fromSeed(createHash('sha256').update(`modalkit local solana ${name}`).digest())

/**
 * The local chain world's SPL token: 'Local USD', 6 decimals, its mint at a fixed address
 * (a keypair from a documented seed, like the test accounts), minted by an authority of its own (so no
 * test account's balance moves).
 */
export const LOCAL_SPL_MINT = seeded('spl mint LUSD')
const AUTHORITY = seeded('spl mint authority')
export const LOCAL_SPL_DECIMALS = 6
/** Test accounts 0 to 4 each hold this much (1000 LUSD) in a token account of their own. */
export const LOCAL_SPL_HOLDING = 1_000_000_000n
const HOLDERS = 5

/** The token account that holds `holder`'s LUSD (fixed: a keypair from a documented seed). */
export const splHoldingAccount = (holder: number) => seeded(`spl account LUSD ${holder}`)

/** Creates the mint and the holders' accounts with real token-program transactions, so they land as on a node. */
export function seedSplToken(cluster: LocalCluster): void {
  const authority = AUTHORITY
  const funded = cluster.airdrop(authority.publicKey, 10n * 1_000_000_000n)
  if ('rejected' in funded) throw new Error('could not fund the SPL mint authority')
  const rent = (space: number) => Number(cluster.minimumBalanceForRentExemption(space))
  const create = (account: Keypair, space: number) =>
    SystemProgram.createAccount({
      fromPubkey: authority.publicKey,
      newAccountPubkey: account.publicKey,
      lamports: rent(space),
      space,
      programId: TOKEN_PROGRAM_ID,
    })
  const run = (tx: Transaction, signers: Keypair[]) => {
    tx.recentBlockhash = cluster.latestBlockhash().blockhash
    tx.feePayer = authority.publicKey
    tx.sign(authority, ...signers)
    const bytes = tx.serialize()
    const result = cluster.send(VersionedTransaction.deserialize(bytes), bytes, false)
    if ('rejected' in result) throw new Error(`seeding the SPL token failed: ${result.rejected.error?.text}`)
  }
  run(
    new Transaction().add(
      create(LOCAL_SPL_MINT, MINT_SIZE),
      initializeMint2(LOCAL_SPL_MINT.publicKey, LOCAL_SPL_DECIMALS, authority.publicKey),
    ),
    [LOCAL_SPL_MINT],
  )
  for (let i = 0; i < HOLDERS; i++) {
    const account = splHoldingAccount(i)
    const owner = (testKeypairs[i] as Keypair).publicKey
    run(
      new Transaction().add(
        create(account, TOKEN_ACCOUNT_SIZE),
        initializeAccount3(account.publicKey, LOCAL_SPL_MINT.publicKey, owner),
        mintTo(LOCAL_SPL_MINT.publicKey, account.publicKey, authority.publicKey, LOCAL_SPL_HOLDING),
      ),
      [account],
    )
  }
}
