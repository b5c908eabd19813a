import { LOCAL_SOLANA_CAIP2 } from '@modalkit/local-solana/genesisHash'
import { testKeypairs } from '@modalkit/local-solana/testKeypairs'
import { LOCAL_SPL_MINT_ADDRESS } from '@modalkit/shared'
import { expect, type Page, test } from '@playwright/test'
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js'
import { approveInSecureFrame, rejectInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { logInOnce } from './sharedLogin.ts'
import { STACK_ENV } from './sites.ts'

/**
 * The approval shows every Solana instruction as it runs. In each test the HOST PAGE is the attacker:
 * it asks the embedded wallet to sign and send a transaction built to read as less than it does on
 * the local node: an instruction padded past its layout (the System program and SPL Token read the
 * prefix and ignore the rest, so it still runs), or a compute-unit price that spends the balance as
 * fee. Where the test approves, the node shows that what moved is what the screen said.
 */

const connection = () => new Connection(`http://127.0.0.1:${STACK_ENV.SOLANA_PORT}`, 'confirmed')
const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
const MINT = new PublicKey(LOCAL_SPL_MINT_ADDRESS)
const ATTACKER = Keypair.generate().publicKey
const u64 = (amount: bigint) => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(amount)
  return bytes
}

/** The logged-in wallet's Solana account, once the provider has it; the page then switches to Solana Local. */
async function onSolana(page: Page): Promise<PublicKey> {
  let address: string | undefined
  await expect
    .poll(async () => {
      address = await page.evaluate(() => window.appkit.getProvider('solana').publicKey?.toBase58())
      return address
    })
    .toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  await page.evaluate((id) => window.appkit.switchNetwork(id), LOCAL_SOLANA_CAIP2)
  return new PublicKey(address!)
}

/** Airdrops what `owner` lacks of exactly `lamports` on the local node (the tests share one wallet). */
async function topUpTo(owner: PublicKey, lamports: number): Promise<void> {
  const c = connection()
  const missing = lamports - (await c.getBalance(owner))
  if (missing <= 0) return
  const airdrop = await c.requestAirdrop(owner, missing)
  await c.confirmTransaction({ signature: airdrop, ...(await c.getLatestBlockhash()) })
  expect(await c.getBalance(owner)).toBe(lamports)
}

/** The host page asks the wallet to sign and send these instructions; the signature or the error code. */
async function sendFromPage(page: Page, payer: PublicKey, ...instructions: TransactionInstruction[]) {
  const { blockhash } = await connection().getLatestBlockhash()
  const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(...instructions)
  const bytes = Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
  return page.evaluate(
    (b) =>
      window.appkit
        .getProvider('solana')
        .signAndSendTransaction(Uint8Array.from(b))
        .then(
          (signature: string) => ({ signature }),
          (error: { code: number }) => ({ code: error.code }),
        ),
    bytes,
  )
}

/** The approval screen's lines as the user reads them, once it is up: each with its warning style. */
async function shownApproval(page: Page): Promise<string[]> {
  const approval = secureFrame(page).getByTestId('approval')
  await expect(approval).toBeVisible({ timeout: 15_000 })
  const lines = await approval
    .locator('dd')
    .evaluateAll((dds) =>
      dds.map(
        (dd) =>
          `${dd.classList.contains('approval-warning') ? '[warning] ' : ''}${dd.previousElementSibling?.textContent}: ${dd.textContent}`,
      ),
    )
  return lines
}

/** Gives `owner` a new LUSD token account holding `amount`, paid by a seeded holder; its address. */
async function tokenAccountOf(owner: PublicKey, amount: bigint): Promise<PublicKey> {
  const c = connection()
  const holder = testKeypairs[2] as Keypair
  const { value: held } = await c.getParsedTokenAccountsByOwner(holder.publicKey, { mint: MINT })
  const account = Keypair.generate()
  const tokenIx = (data: Buffer, keys: [PublicKey, boolean][]) =>
    new TransactionInstruction({
      programId: TOKEN_PROGRAM,
      keys: keys.map(([pubkey, isWritable]) => ({
        pubkey,
        isWritable,
        isSigner: pubkey.equals(holder.publicKey),
      })),
      data,
    })
  const tx = new Transaction().add(
    SystemProgram.createAccount({
      fromPubkey: holder.publicKey,
      newAccountPubkey: account.publicKey,
      lamports: await c.getMinimumBalanceForRentExemption(165),
      space: 165,
      programId: TOKEN_PROGRAM,
    }),
    tokenIx(Buffer.from([18, ...owner.toBytes()]), [
      [account.publicKey, true],
      [MINT, false],
    ]),
    tokenIx(Buffer.concat([Buffer.from([12]), u64(amount), Buffer.from([6])]), [
      [held[0]!.pubkey, true],
      [MINT, false],
      [account.publicKey, true],
      [holder.publicKey, false],
    ]),
  )
  const latest = await c.getLatestBlockhash()
  tx.recentBlockhash = latest.blockhash
  tx.feePayer = holder.publicKey
  tx.sign(holder, account)
  await c.confirmTransaction({ signature: await c.sendRawTransaction(tx.serialize()), ...latest })
  return account.publicKey
}

test.describe('Solana approvals show every instruction as it runs (host page attacks)', () => {
  // One new user for the three attacks, in this order: the one that leaves the balance untouched,
  // the delegation (fees), then the one that moves the whole balance. Each tops the wallet up first.
  let me: PublicKey
  const shared = logInOnce('solattack', {
    prepare: async ({ page }) => {
      me = await onSolana(page)
    },
  })

  test('a SetComputeUnitPrice that would burn the balance as fee shows the maximum priority fee with a warning; rejected, nothing moves', async () => {
    test.setTimeout(60_000)
    const { page } = shared()
    await topUpTo(me, 1_000_000_000)
    // 200,000 default units × 5,000,000,000 micro-lamports = 1 SOL of priority fee for a 1-lamport send.
    const burn = ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5_000_000_000 })
    const send = SystemProgram.transfer({ fromPubkey: me, toPubkey: ATTACKER, lamports: 1 })
    const sending = sendFromPage(page, me, burn, send)
    const shown = await shownApproval(page)
    expect(shown).toContain(
      'Max priority fee: up to 1.0 SOL (200000 compute units × 5000000000 micro-lamports)',
    )
    expect(shown).toContain('[warning] Warning: The site set a priority fee of up to 1.0 SOL, over 0.01 SOL')
    await rejectInSecureFrame(page)
    expect(await sending).toEqual({ code: 4001 })
    expect(await connection().getBalance(me)).toBe(1_000_000_000)
  })

  test('a padded SPL Approve of an unlimited allowance is shown with its delegate, amount and warning; the node holds that delegation', async () => {
    test.setTimeout(60_000)
    const { page } = shared()
    await topUpTo(me, 1_000_000_000)
    const account = await tokenAccountOf(me, 5_000_000n)
    const delegate = Keypair.generate().publicKey
    const unlimited = 2n ** 64n - 1n
    const approve = new TransactionInstruction({
      programId: TOKEN_PROGRAM,
      keys: [
        { pubkey: account, isSigner: false, isWritable: true },
        { pubkey: delegate, isSigner: false, isWritable: false },
        { pubkey: me, isSigner: true, isWritable: false },
      ],
      data: Buffer.concat([Buffer.from([4]), u64(unlimited), Buffer.from([0xab, 0xcd])]),
    })
    const sending = sendFromPage(page, me, approve)
    const shown = await shownApproval(page)
    expect(shown).toContain(
      `[warning] SPL Token approve: Allow ${delegate.toBase58()} to spend Unlimited from ${account.toBase58()} (owner ${me.toBase58()})`,
    )
    expect(shown).toContain('[warning] Extra data: +2 extra bytes after the instruction: abcd')
    await approveInSecureFrame(page)
    expect(await sending).toHaveProperty('signature')
    const c = connection()
    // The token account's layout: delegate COption<Pubkey> at 72 (u32 tag, key), delegated amount u64 at 121.
    await expect
      .poll(async () => {
        const data = (await c.getAccountInfo(account))?.data
        if (data?.readUInt32LE(72) !== 1) return []
        return [new PublicKey(data.subarray(76, 108)).toBase58(), String(data.readBigUInt64LE(121))]
      })
      .toEqual([delegate.toBase58(), String(unlimited)])
  })

  test('a System transfer of the whole balance, padded with one byte, is shown decoded with its extra bytes; what moves is what was shown', async () => {
    test.setTimeout(60_000)
    const { page } = shared()
    await topUpTo(me, 2_000_000_000)
    // All of it but the base fee: 12 bytes of Transfer, then one the program ignores.
    const lamports = 2_000_000_000n - 5000n
    const padded = new TransactionInstruction({
      programId: SystemProgram.programId,
      keys: [
        { pubkey: me, isSigner: true, isWritable: true },
        { pubkey: ATTACKER, isSigner: false, isWritable: true },
      ],
      data: Buffer.concat([Buffer.from([2, 0, 0, 0]), u64(lamports), Buffer.from([0x01])]),
    })
    const sending = sendFromPage(page, me, padded)
    const shown = await shownApproval(page)
    expect(shown).toContain(`Transfer: 1.999995 SOL from ${me.toBase58()} to ${ATTACKER.toBase58()}`)
    expect(shown).toContain('[warning] Extra data: +1 extra bytes after the instruction: 01')
    expect(shown).toContain(`Fee payer: ${me.toBase58()}`)
    await approveInSecureFrame(page)
    expect(await sending).toHaveProperty('signature')
    const c = connection()
    await expect.poll(() => c.getBalance(ATTACKER)).toBe(Number(lamports))
    expect(await c.getBalance(me)).toBe(0)
  })
})
