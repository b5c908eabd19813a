import { randomUUID } from 'node:crypto'
import { LOCAL_SOLANA_CAIP2 } from '@modalkit/local-solana/genesisHash'
import { testKeypairs } from '@modalkit/local-solana/testKeypairs'
import { formatQuantity, LOCAL_SPL_MINT_ADDRESS } from '@modalkit/shared'
import { expect, type Page, test } from '@playwright/test'
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js'
import { approveInSecureFrame, logInByEmail } from './embeddedLogin.ts'
import { gotoReady, modal } from './helpers.ts'
import { STACK_ENV } from './sites.ts'

// Send on Solana with the embedded wallet: the modal builds the SOL or SPL transfer, the
// secure frame approves and signs it, the local cluster confirms; balances are read from the node.
const connection = () => new Connection(`http://127.0.0.1:${STACK_ENV.SOLANA_PORT}`, 'confirmed')
const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const MINT = new PublicKey(LOCAL_SPL_MINT_ADDRESS)

/** The owner's LUSD token accounts on the node, summed (base units). */
async function splBalance(owner: PublicKey): Promise<bigint> {
  const { value } = await connection().getParsedTokenAccountsByOwner(owner, { mint: MINT })
  return value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount as string), 0n)
}

/**
 * Gives `owner` a LUSD token account with `amount`, paid by a seeded holder: the account created
 * and initialized (InitializeAccount3), then TransferChecked from the holder's own account.
 */
async function fundSpl(owner: PublicKey, amount: bigint): Promise<void> {
  const c = connection()
  const holder = testKeypairs[2] as Keypair
  const { value: held } = await c.getParsedTokenAccountsByOwner(holder.publicKey, { mint: MINT })
  const source = held[0]?.pubkey
  expect(source).toBeDefined()
  const account = Keypair.generate()
  const init = new Uint8Array(33)
  init[0] = 18
  init.set(owner.toBytes(), 1)
  const transfer = new Uint8Array(10)
  transfer[0] = 12
  new DataView(transfer.buffer).setBigUint64(1, amount, true)
  transfer[9] = 6
  const tx = new Transaction().add(
    SystemProgram.createAccount({
      fromPubkey: holder.publicKey,
      newAccountPubkey: account.publicKey,
      lamports: await c.getMinimumBalanceForRentExemption(165),
      space: 165,
      programId: TOKEN_PROGRAM,
    }),
    new TransactionInstruction({
      programId: TOKEN_PROGRAM,
      keys: [
        { pubkey: account.publicKey, isSigner: false, isWritable: true },
        { pubkey: MINT, isSigner: false, isWritable: false },
      ],
      data: Buffer.from(init),
    }),
    new TransactionInstruction({
      programId: TOKEN_PROGRAM,
      keys: [
        { pubkey: source!, isSigner: false, isWritable: true },
        { pubkey: MINT, isSigner: false, isWritable: false },
        { pubkey: account.publicKey, isSigner: false, isWritable: true },
        { pubkey: holder.publicKey, isSigner: true, isWritable: false },
      ],
      data: Buffer.from(transfer),
    }),
  )
  const latest = await c.getLatestBlockhash()
  tx.recentBlockhash = latest.blockhash
  tx.feePayer = holder.publicKey
  tx.sign(holder, account)
  const signature = await c.sendRawTransaction(tx.serialize())
  await c.confirmTransaction({ signature, ...latest })
}

async function sendFromAccount(page: Page, symbol: string, amount: string, recipient: string): Promise<void> {
  const m = modal(page)
  await m.getByTestId('account-send').click()
  await m.getByTestId('send-token').click()
  await m.getByTestId(`send-token-${symbol}`).click()
  await m.getByTestId('send-amount').fill(amount)
  await m.getByTestId('send-recipient').fill(recipient)
  await m.getByTestId('send-review').click()
  await expect(m.getByTestId('send-preview-fee')).toContainText(/Network fee ≈ [0-9.]+ SOL/)
  await m.getByTestId('send-submit').click()
  await approveInSecureFrame(page)
  await expect(m.getByTestId('w3m-toast')).toHaveText(`Sent ${amount} ${symbol}`, { timeout: 15_000 })
}

test('the embedded wallet sends SOL and an SPL token from the Send view; the cluster confirms both', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await gotoReady(page)
  await logInByEmail(page, `e2e-solsend-${randomUUID().slice(0, 8)}@example.test`)
  // The provider's publicKey is a web3.js PublicKey (AppKit's Solana adapter shape): its base58 crosses.
  // It is there once the PublicKey class has loaded (a lazy chunk the login starts fetching).
  let address: string | undefined
  await expect
    .poll(async () => {
      address = await page.evaluate(() => window.appkit.getProvider('solana').publicKey?.toBase58())
      return address
    })
    .toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  const me = new PublicKey(address!)
  const c = connection()
  const airdrop = await c.requestAirdrop(me, 2_000_000_000)
  await c.confirmTransaction({ signature: airdrop, ...(await c.getLatestBlockhash()) })
  await fundSpl(me, 5_000_000n)
  expect(await splBalance(me)).toBe(5_000_000n)

  await page.evaluate((id) => window.appkit.switchNetwork(id), LOCAL_SOLANA_CAIP2)
  await page.evaluate(() => window.appkit.open())
  await expect(modal(page).getByTestId('account-network')).toHaveText('Solana Local')

  // SOL to a new account: it holds exactly what was sent.
  const solRecipient = Keypair.generate().publicKey
  await sendFromAccount(page, 'SOL', '0.5', solRecipient.toBase58())
  await expect.poll(() => c.getBalance(solRecipient)).toBe(500_000_000)

  // LUSD to a seeded holder (its token account exists) and to a new wallet (its associated account
  // is created in the same transaction).
  const holder = (testKeypairs[3] as Keypair).publicKey
  const before = await splBalance(holder)
  await sendFromAccount(page, 'LUSD', '1.5', holder.toBase58())
  await expect.poll(() => splBalance(holder)).toBe(before + 1_500_000n)
  const fresh = Keypair.generate().publicKey
  await sendFromAccount(page, 'LUSD', '0.25', fresh.toBase58())
  await expect.poll(() => splBalance(fresh)).toBe(250_000n)
  expect(await splBalance(me)).toBe(5_000_000n - 1_750_000n)

  // Activity: the API's indexer of the node's blocks shows the three sends (no sign: SPEC §9) and the
  // LUSD received; the SOL paid as rent for the new token account is not a payment.
  const m = modal(page)
  const activity = async () => {
    await m.getByTestId('tab-Tokens').click()
    await m.getByTestId('tab-Activity').click()
    await expect(m.getByTestId('activity-item').first()).toBeVisible()
    return m.getByTestId('activity-description').allTextContents()
  }
  await expect
    .poll(activity, { timeout: 20_000 })
    .toEqual([
      `${formatQuantity('0.25')} LUSD`,
      `${formatQuantity('1.5')} LUSD`,
      `${formatQuantity('0.5')} SOL`,
      `+${formatQuantity('5')} LUSD`,
    ])
})
