import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { LOCAL_SOLANA_CAIP2 } from '@modalkit/local-solana/genesisHash'
import { testKeypairs } from '@modalkit/local-solana/testKeypairs'
import { ed25519 } from '@noble/curves/ed25519'
import { expect, type Page, test } from '@playwright/test'
import type * as Web3 from '@solana/web3.js'
import { Connection, PublicKey } from '@solana/web3.js'
import type { Wallet } from '@wallet-standard/base'
import { approveInSecureFrame, logInByEmail } from './embeddedLogin.ts'
import { gotoReady } from './helpers.ts'
import { STACK_ENV } from './sites.ts'

const SOLANA_RPC = `http://127.0.0.1:${STACK_ENV.SOLANA_PORT}`
const require = createRequire(import.meta.url)

/** What the page gets from the libraries this test loads into it, unchanged. */
type PageGlobals = {
  solanaWeb3: typeof Web3
  getWallets: () => { get(): readonly Wallet[] }
  changes: unknown[]
}
declare global {
  interface Window extends Partial<PageGlobals> {}
}

/**
 * Loads @solana/web3.js (its published browser build, global `solanaWeb3`) and
 * @wallet-standard/app's getWallets (its published ES module) into the page, as a dapp bundles them.
 */
async function loadLibraries(page: Page): Promise<void> {
  await page.addScriptTag({ path: require.resolve('@solana/web3.js/lib/index.iife.min.js') })
  // The package's ES build: index.js re-exports wallets.js, which imports nothing.
  const esm = new URL('../esm/wallets.js', pathToFileURL(require.resolve('@wallet-standard/app')))
  const walletsModule = readFileSync(esm, 'utf8')
  await page.addScriptTag({ type: 'module', content: `${walletsModule}\nwindow.getWallets = getWallets` })
  await page.waitForFunction(() => typeof window.getWallets === 'function' && window.solanaWeb3 !== undefined)
}

/**
 * The page's web3.js `Connection` talks to the local Solana node, which answers JSON-RPC but sends
 * no CORS headers (a public RPC does): this adds them and answers the preflight, nothing else.
 */
async function allowCorsToSolanaNode(page: Page): Promise<void> {
  const headers = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'POST, OPTIONS',
  }
  await page.route(`${SOLANA_RPC}/**`, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers })
    const response = await route.fetch()
    return route.fulfill({ response, headers: { ...response.headers(), ...headers } })
  })
}

async function fund(connection: Connection, address: string): Promise<void> {
  const airdrop = await connection.requestAirdrop(new PublicKey(address), 2_000_000_000)
  await connection.confirmTransaction({ signature: airdrop, ...(await connection.getLatestBlockhash()) })
}

test.describe('Solana: Wallet Standard and the AppKit Solana adapter shapes, with @solana/web3.js unchanged', () => {
  test("embedded wallet: getWallets() finds and connects it; each method with the page's own web3.js objects, sent to the local node", async ({
    page,
  }) => {
    test.setTimeout(180_000)
    const connection = new Connection(SOLANA_RPC, 'confirmed')
    await allowCorsToSolanaNode(page)
    await gotoReady(page)
    await loadLibraries(page)

    // Wallet Standard discovery: @wallet-standard/app's getWallets() in the page lists the modal's
    // Solana wallet with its features, before any account is connected.
    const listed = await page.evaluate(async () => {
      const wallet = window.getWallets!()
        .get()
        .find((w) => w.name === 'Modalkit')
      if (!wallet) return null
      window.changes = []
      const events = wallet.features['standard:events'] as {
        on(e: 'change', l: (p: { accounts?: readonly { address: string }[] }) => void): () => void
      }
      events.on('change', ({ accounts }) => window.changes!.push(accounts?.map((a) => a.address)))
      const connect = wallet.features['standard:connect'] as {
        connect(i?: { silent?: boolean }): Promise<{ accounts: readonly unknown[] }>
      }
      return {
        chains: wallet.chains,
        features: Object.keys(wallet.features).sort(),
        icon: wallet.icon.slice(0, 19),
        silent: (await connect.connect({ silent: true })).accounts.length,
      }
    })
    expect(listed).toEqual({
      chains: ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'],
      features: [
        'solana:signAndSendTransaction',
        'solana:signMessage',
        'solana:signTransaction',
        'standard:connect',
        'standard:disconnect',
        'standard:events',
      ],
      icon: 'data:image/svg+xml,',
      silent: 0,
    })

    await logInByEmail(page, `e2e-solstd-${randomUUID().slice(0, 8)}@example.test`)
    // standard:connect now answers the connected account; standard:events told the page.
    const address = await page.evaluate(async () => {
      const wallet = window.getWallets!()
        .get()
        .find((w) => w.name === 'Modalkit')!
      const connect = wallet.features['standard:connect'] as {
        connect(): Promise<{ accounts: readonly { address: string; publicKey: Uint8Array }[] }>
      }
      const [account] = (await connect.connect()).accounts
      return account!.address
    })
    expect(await page.evaluate(() => window.changes)).toContainEqual([address])
    // The Solana provider's account follows the login's state, which may come a moment after it.
    await expect
      .poll(() => page.evaluate(() => window.appkit.getProvider('solana').publicKey?.toBase58()))
      .toBe(address)
    // publicKey is a PublicKey the page's own web3.js builds transactions with, as in AppKit's docs.
    expect(
      await page.evaluate(() => {
        const { publicKey } = window.appkit.getProvider('solana')
        return new window.solanaWeb3!.PublicKey(publicKey!.toBytes()).equals(
          new window.solanaWeb3!.PublicKey(publicKey!.toBase58()),
        )
          ? publicKey!.toBase58()
          : 'different'
      }),
    ).toBe(address)

    // signMessage: the signature bytes, verified with the account's key.
    const message = 'Sign in with the Solana provider'
    const signing = page.evaluate(
      async (m) =>
        Array.from(await window.appkit.getProvider('solana').signMessage(new TextEncoder().encode(m))),
      message,
    )
    await approveInSecureFrame(page, message)
    const signature = Uint8Array.from(await signing)
    expect(
      ed25519.verify(signature, new TextEncoder().encode(message), new PublicKey(address).toBytes()),
    ).toBe(true)

    await fund(connection, address)
    await page.evaluate((id) => window.appkit.switchNetwork(id), LOCAL_SOLANA_CAIP2)
    const to = testKeypairs[4]!.publicKey.toBase58()
    const before = await connection.getBalance(new PublicKey(to))

    // signTransaction: a Transaction of the page's class in, the same class out, signed; the page
    // sends it itself and the node confirms it.
    const { blockhash } = await connection.getLatestBlockhash()
    const signedLegacy = page.evaluate(
      async ({ blockhash, to, rpc }) => {
        const { Transaction, SystemProgram, PublicKey, Connection } = window.solanaWeb3!
        const solana = window.appkit.getProvider('solana')
        const tx = new Transaction({ feePayer: solana.publicKey!, recentBlockhash: blockhash }).add(
          SystemProgram.transfer({
            fromPubkey: solana.publicKey!,
            toPubkey: new PublicKey(to),
            lamports: 1_000,
          }),
        )
        const signed = await solana.signTransaction(tx)
        if (!(signed instanceof Transaction) || !signed.verifySignatures()) return 'not a signed Transaction'
        return new Connection(rpc, 'confirmed').sendRawTransaction(signed.serialize())
      },
      { blockhash, to, rpc: SOLANA_RPC },
    )
    await approveInSecureFrame(page)
    const legacyId = await signedLegacy
    expect(legacyId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)

    // signAllTransactions: a VersionedTransaction and a Transaction, each back in its class.
    const all = page.evaluate(
      async ({ blockhash, to }) => {
        const { Transaction, VersionedTransaction, TransactionMessage, SystemProgram, PublicKey } =
          window.solanaWeb3!
        const solana = window.appkit.getProvider('solana')
        const ix = SystemProgram.transfer({
          fromPubkey: solana.publicKey!,
          toPubkey: new PublicKey(to),
          lamports: 7,
        })
        const v0 = new VersionedTransaction(
          new TransactionMessage({
            payerKey: solana.publicKey!,
            recentBlockhash: blockhash,
            instructions: [ix],
          }).compileToV0Message(),
        )
        const legacy = new Transaction({ feePayer: solana.publicKey!, recentBlockhash: blockhash }).add(ix)
        const [a, b] = await solana.signAllTransactions<Web3.VersionedTransaction | Web3.Transaction>([
          v0,
          legacy,
        ])
        return [a instanceof VersionedTransaction, b instanceof Transaction && b.verifySignatures()]
      },
      { blockhash, to },
    )
    await approveInSecureFrame(page)
    expect(await all).toEqual([true, true])

    // signAndSendTransaction: the wallet sends it; the page gets the signature (base58).
    const sent = page.evaluate(
      async ({ blockhash, to }) => {
        const { Transaction, SystemProgram, PublicKey } = window.solanaWeb3!
        const solana = window.appkit.getProvider('solana')
        const tx = new Transaction({ feePayer: solana.publicKey!, recentBlockhash: blockhash }).add(
          SystemProgram.transfer({
            fromPubkey: solana.publicKey!,
            toPubkey: new PublicKey(to),
            lamports: 2_000,
          }),
        )
        return solana.signAndSendTransaction(tx)
      },
      { blockhash, to },
    )
    await approveInSecureFrame(page)
    const sentId = await sent

    // sendTransaction: signed by the wallet, sent by the page's Connection.
    const viaConnection = page.evaluate(
      async ({ blockhash, to, rpc }) => {
        const { Transaction, SystemProgram, PublicKey, Connection } = window.solanaWeb3!
        const solana = window.appkit.getProvider('solana')
        const tx = new Transaction({ feePayer: solana.publicKey!, recentBlockhash: blockhash }).add(
          SystemProgram.transfer({
            fromPubkey: solana.publicKey!,
            toPubkey: new PublicKey(to),
            lamports: 3_000,
          }),
        )
        return solana.sendTransaction(tx, new Connection(rpc, 'confirmed'))
      },
      { blockhash, to, rpc: SOLANA_RPC },
    )
    await approveInSecureFrame(page)
    const connectionId = await viaConnection

    // The Wallet Standard's own signAndSendTransaction, with bytes, as @solana/wallet-adapter calls it.
    const standardSent = page.evaluate(
      async ({ blockhash, to }) => {
        const { Transaction, SystemProgram, PublicKey } = window.solanaWeb3!
        const wallet = window.getWallets!()
          .get()
          .find((w) => w.name === 'Modalkit')!
        const account = wallet.accounts[0]!
        const payer = new PublicKey(account.publicKey)
        const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(
          SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(to), lamports: 4_000 }),
        )
        const feature = wallet.features['solana:signAndSendTransaction'] as {
          signAndSendTransaction(...i: object[]): Promise<{ signature: Uint8Array }[]>
        }
        const [out] = await feature.signAndSendTransaction({
          account,
          chain: 'solana:localnet',
          transaction: tx.serialize({ requireAllSignatures: false, verifySignatures: false }),
        })
        return Array.from(out!.signature)
      },
      { blockhash, to },
    )
    await approveInSecureFrame(page)
    const standardSignature = Uint8Array.from(await standardSent)
    expect(standardSignature).toHaveLength(64)

    for (const id of [legacyId, sentId, connectionId]) {
      const status = await connection.confirmTransaction({
        signature: id,
        ...(await connection.getLatestBlockhash()),
      })
      expect(status.value.err).toBeNull()
    }
    await expect
      .poll(() => connection.getBalance(new PublicKey(to)))
      .toBe(before + 1_000 + 2_000 + 3_000 + 4_000)
  })
})
