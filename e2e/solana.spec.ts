import { randomUUID } from 'node:crypto'
import { LOCAL_SOLANA_CAIP2 } from '@modalkit/local-solana/genesisHash'
import { testKeypairs } from '@modalkit/local-solana/testKeypairs'
import { ed25519 } from '@noble/curves/ed25519'
import { expect, type Page, test } from '@playwright/test'
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { decodeBase58 } from '../packages/shared/src/base58.ts'
import { approveInSecureFrame, logInByEmail } from './embeddedLogin.ts'
import { copyPairingUri, expectLogged, gotoReady, logLines, modal } from './helpers.ts'
import { STACK_ENV } from './sites.ts'
import { createWalletConnectWallet, WC_SOLANA_ADDRESS } from './walletConnectWallet.ts'

const SOLANA_RPC = `http://127.0.0.1:${STACK_ENV.SOLANA_PORT}`
const text = (s: string) => new TextEncoder().encode(s)

/** The page's Solana provider signs `message`; the signature comes back as bytes. */
function signMessageInPage(page: Page, message: string): Promise<Uint8Array> {
  const signing = page.evaluate(async (m) => {
    const signature = await window.appkit.getProvider('solana').signMessage(new TextEncoder().encode(m))
    return Array.from(signature)
  }, message)
  return signing.then((bytes) => Uint8Array.from(bytes))
}

const verifies = (signature: Uint8Array, message: string, address: string) =>
  ed25519.verify(signature, text(message), decodeBase58(address)!)

test.describe('Solana through getProvider("solana")', () => {
  test('WalletConnect: connect() opens the modal (4001 when it is closed), pairs, then signMessage and signTransaction are signed by the wallet and verify', async ({
    page,
  }) => {
    const wallet = await createWalletConnectWallet()
    try {
      await gotoReady(page)
      // Closing the modal before any wallet connects rejects connect() like a declined wallet.
      const closed = page.evaluate(() =>
        window.appkit
          .getProvider('solana')
          .connect()
          .then(
            () => 'connected',
            (e: { code: number; message: string }) => `${e.code} ${e.message}`,
          ),
      )
      await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(true)
      await page.evaluate(() => window.appkit.close())
      expect(await closed).toBe('4001 Connection rejected')

      // connect() again; the user picks WalletConnect in the modal and the wallet approves.
      await page.evaluate(() => {
        const solana = window.appkit.getProvider('solana')
        Object.assign(window, { __connecting: solana.connect() })
      })
      await modal(page).getByTestId('wallet-walletconnect').click()
      await wallet.pair(await copyPairingUri(page))
      const connected = await page.evaluate(
        () => (window as unknown as { __connecting: Promise<string> }).__connecting,
      )
      expect(connected).toBe(WC_SOLANA_ADDRESS)
      expect(await page.evaluate(() => window.appkit.getProvider('solana').publicKey?.toBase58())).toBe(
        WC_SOLANA_ADDRESS,
      )
      await expectLogged(page, `solana connect: ${WC_SOLANA_ADDRESS}`)

      const message = 'Sign in to the demo site with Solana'
      const signature = await signMessageInPage(page, message)
      expect(signature).toHaveLength(64)
      expect(verifies(signature, message, WC_SOLANA_ADDRESS)).toBe(true)
      expect(verifies(signature, `${message}!`, WC_SOLANA_ADDRESS)).toBe(false)
      expect(wallet.requests.at(-1)).toMatchObject({
        method: 'solana_signMessage',
        params: { pubkey: WC_SOLANA_ADDRESS },
      })

      // The demo page's button: one log line per result.
      await page.getByRole('button', { name: "signMessage('Hello from the demo site')" }).click()
      await expect
        .poll(async () =>
          (await logLines(page)).some((l) => /^solana signMessage: 64-byte signature [0-9a-f]{128}$/.test(l)),
        )
        .toBe(true)

      // The wallet answers solana_signTransaction with the signature alone: the page still gets the
      // signed transaction, whose signature verifies over the unchanged message.
      const payer = new PublicKey(WC_SOLANA_ADDRESS)
      const unsigned = new Transaction({
        feePayer: payer,
        recentBlockhash: new PublicKey(new Uint8Array(32).fill(5)).toBase58(),
      }).add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: testKeypairs[2]!.publicKey, lamports: 1 }))
      const bytes = Array.from(unsigned.serialize({ requireAllSignatures: false, verifySignatures: false }))
      const signed = await page.evaluate(
        async (b) =>
          Array.from(await window.appkit.getProvider('solana').signTransaction(Uint8Array.from(b))),
        bytes,
      )
      const back = Transaction.from(Buffer.from(signed))
      expect(back.verifySignatures()).toBe(true)
      expect(Buffer.from(back.serializeMessage())).toEqual(unsigned.serializeMessage())
    } finally {
      await wallet.close()
    }
  })

  test('embedded wallet: signMessage and signAndSendTransaction are approved in the secure frame; the local cluster confirms the transfer', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await gotoReady(page)
    await logInByEmail(page, `e2e-sol-${randomUUID().slice(0, 8)}@example.test`)
    expect(await page.evaluate(() => window.appkit.getProvider('solana').connect())).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    )
    const address = await page.evaluate(() => window.appkit.getProvider('solana').publicKey?.toBase58())

    const message = 'Sign in to the demo site with Solana'
    const signing = signMessageInPage(page, message)
    await approveInSecureFrame(page, message)
    const signature = await signing
    expect(verifies(signature, message, address!)).toBe(true)
    await expect.poll(() => page.evaluate(() => window.appkit.getState().open)).toBe(false)

    // Fund the wallet on the local cluster (the node directly: the API's proxy refuses airdrops).
    const connection = new Connection(SOLANA_RPC, 'confirmed')
    const me = new PublicKey(address!)
    const airdrop = await connection.requestAirdrop(me, 2_000_000_000)
    const funded = await connection.getLatestBlockhash()
    await connection.confirmTransaction({ signature: airdrop, ...funded })
    expect(await connection.getBalance(me)).toBe(2_000_000_000)

    // Sign and send on Solana Local: the frame sends through the API's chain proxy to the node.
    await page.evaluate((id) => window.appkit.switchNetwork(id), LOCAL_SOLANA_CAIP2)
    const to = testKeypairs[3]!.publicKey
    const before = await connection.getBalance(to)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    const transfer = new Transaction({ feePayer: me, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: me, toPubkey: to, lamports: 123_456 }),
    )
    const bytes = Array.from(transfer.serialize({ requireAllSignatures: false, verifySignatures: false }))
    const sending = page.evaluate(
      async (b) => window.appkit.getProvider('solana').signAndSendTransaction(Uint8Array.from(b)),
      bytes,
    )
    await approveInSecureFrame(page)
    const txId = await sending
    expect(txId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const confirmed = await connection.confirmTransaction({
      signature: txId,
      blockhash,
      lastValidBlockHeight,
    })
    expect(confirmed.value.err).toBeNull()
    expect(await connection.getBalance(to)).toBe(before + 123_456)
  })
})
