import { randomUUID } from 'node:crypto'
import * as ecc from '@bitcoinerlab/secp256k1'
import { expect, type Page, test } from '@playwright/test'
import { Verifier } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import { truncateAddress } from '../packages/shared/src/truncateAddress.ts'
import { type BitcoinFailure, bitcoinFailure as failure } from './bitcoinProvider.ts'
import { BTC_MAINNET } from './bitcoinWallet.ts'
import { approveInSecureFrame, logInByEmail, rejectInSecureFrame, secureFrame } from './embeddedLogin.ts'
import { loadLoader, modal } from './helpers.ts'
import { PROJECT_ID, SITES } from './sites.ts'

// Bitcoin in the embedded wallet. The secure frame derives the BIP-84 account from the
// wallet's seed and signs only after its own approval, which shows what the PSBT itself says.

// BIP-173's example address: someone else's, to pay.
const RECIPIENT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const network = bitcoin.networks.bitcoin

/**
 * A signPSBT the wallet must refuse before any screen: its error, or 'approval shown' as soon as the
 * secure frame shows an approval for it (a refusal that came too late: the user was asked).
 */
async function refusedWithoutScreen(
  page: Page,
  arg: unknown,
): Promise<BitcoinFailure | 'resolved' | 'approval shown'> {
  const shown = secureFrame(page)
    .getByTestId('approval')
    .waitFor({ state: 'visible', timeout: 30_000 })
    .then(() => 'approval shown' as const)
  return Promise.race([failure(page, 'signPSBT', arg), shown])
}

/** Counts every approval screen the secure frame puts on the page from now on (seen from inside it). */
async function watchApprovals(page: Page): Promise<() => Promise<number>> {
  const frame = page.frames().find((f) => f.url().startsWith(SITES.auth))
  if (!frame) throw new Error('no secure frame')
  await frame.evaluate(() => {
    const w = window as unknown as { __approvals: number }
    w.__approvals = 0
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes))
          if (
            node instanceof Element &&
            (node.matches('[data-testid="approval"]') || node.querySelector('[data-testid="approval"]'))
          )
            w.__approvals++
    }).observe(document, { childList: true, subtree: true })
  })
  return () => frame.evaluate(() => (window as unknown as { __approvals: number }).__approvals)
}

/**
 * A PSBT spending a made-up output of `payer` to the recipient, 0.0001 BTC fee: the output as
 * witnessUtxo, and the whole made-up transaction that holds it as nonWitnessUtxo (the wallet checks
 * the amount against it).
 */
function unsignedPsbt(payer: string) {
  const paid = { script: bitcoin.address.toOutputScript(payer, network), value: 100_000n }
  const previous = new bitcoin.Transaction()
  previous.addInput(new Uint8Array(32).fill(0x22), 0)
  previous.addOutput(paid.script, paid.value)
  const psbt = new bitcoin.Psbt({ network })
  psbt.addInput({ hash: previous.getId(), index: 0, witnessUtxo: paid, nonWitnessUtxo: previous.toBuffer() })
  psbt.addOutput({ address: RECIPIENT, value: 90_000n })
  return psbt.toBase64()
}

/** A P2WPKH input's signature, checked here: the witness key is the address's, and it signed the sighash. */
function verifyWitnessInput(tx: bitcoin.Transaction, address: string, value: bigint) {
  const [der, publicKey] = tx.ins[0]!.witness
  const payment = bitcoin.payments.p2wpkh({ pubkey: publicKey!, network })
  if (payment.address !== address) return false
  const { signature, hashType } = bitcoin.script.signature.decode(der!)
  if (hashType !== bitcoin.Transaction.SIGHASH_ALL) return false
  const scriptCode = bitcoin.payments.p2pkh({ hash: payment.hash! }).output!
  return ecc.verify(tx.hashForWitnessV0(0, scriptCode, value, hashType), publicKey!, signature)
}

/**
 * An e-mail login (a new wallet) on a site with an EVM network and Bitcoin mainnet; then the page
 * switches to Bitcoin and the user allows the site to see the Bitcoin address in the secure frame
 * (until then the site has no Bitcoin account).
 */
async function logInOnBitcoinSite(page: Page): Promise<void> {
  await loadLoader(page, { 'data-project-id': PROJECT_ID, 'data-networks': `eip155:31337,${BTC_MAINNET}` })
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
  await logInByEmail(page, `e2e-btc-${randomUUID().slice(0, 8)}@example.test`, undefined, (p) =>
    p.evaluate(() => window.appkit.open()),
  )
  expect(await page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(false)
  const switching = page.evaluate((id) => window.appkit.switchNetwork(id), BTC_MAINNET)
  await approveInSecureFrame(page, 'wants to see your Bitcoin address')
  await switching
}

test.describe('Bitcoin in the embedded wallet', () => {
  test('an e-mail login has a BIP-84 Bitcoin account: addresses once the site was allowed, BIP-322 and ECDSA messages and a PSBT signed after the secure frame approval, all verifying; sendTransfer and broadcast refused', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await logInOnBitcoinSite(page)

    // The Bitcoin account of the active Bitcoin network: a mainnet native SegWit address.
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('bip122').isConnected), { timeout: 20_000 })
      .toBe(true)
    const account = await page.evaluate(() => window.appkit.getAccount('bip122'))
    const address = account.address!
    expect(address).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/)
    expect(account.caipAddress).toBe(`${BTC_MAINNET}:${address}`)
    const approvals = await watchApprovals(page)

    // getAccountAddresses, once the site was allowed: answered without a screen; its key is the address's.
    const [entry, ...more] = await page.evaluate(() =>
      window.appkit.getProvider('bip122').getAccountAddresses(),
    )
    expect(more).toEqual([])
    expect(entry).toEqual({
      address,
      publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      path: "m/84'/0'/0'/0/0",
      purpose: 'payment',
    })
    const pubkey = Buffer.from(entry!.publicKey!, 'hex')
    expect(bitcoin.payments.p2wpkh({ pubkey, network }).address).toBe(address)
    expect(await approvals()).toBe(0)

    // The modal shows the Bitcoin address on the Bitcoin network.
    await page.evaluate((id) => window.appkit.switchNetwork(id), BTC_MAINNET)
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('account-identity')).toHaveText(truncateAddress(address))
    await page.evaluate(() => window.appkit.close())

    // signMessage, BIP-322 (the default): the approval shows the message and the site.
    const nonce = randomUUID()
    const message = `Sign in with Bitcoin\nnonce ${nonce}`
    const bip322 = page.evaluate(
      (message) => window.appkit.getProvider('bip122').signMessage({ message }),
      message,
    )
    const messageScreen = secureFrame(page).getByTestId('approval')
    await expect(messageScreen).toBeVisible({ timeout: 15_000 })
    await expect(messageScreen).toContainText(nonce)
    await expect(messageScreen).toContainText(address)
    await expect(messageScreen).toContainText(new URL(SITES.host).host)
    await approveInSecureFrame(page)
    const bip322Signature = await bip322
    expect(Verifier.verifySignature(address, message, bip322Signature)).toBe(true)
    expect(Verifier.verifySignature(address, `${message}!`, bip322Signature)).toBe(false)

    // signMessage, ECDSA (BIP-137 with the native SegWit header).
    const ecdsa = page.evaluate(() =>
      window.appkit.getProvider('bip122').signMessage({ message: 'Hello', protocol: 'ecdsa' }),
    )
    await approveInSecureFrame(page, 'Hello')
    const ecdsaSignature = await ecdsa
    expect(Buffer.from(ecdsaSignature, 'base64')).toHaveLength(65)
    expect(Verifier.verifySignature(address, 'Hello', ecdsaSignature, true)).toBe(true)
    expect(Verifier.verifySignature(address, 'Hello!', ecdsaSignature, true)).toBe(false)
    expect(await approvals()).toBe(2)

    // signPSBT: the approval shows the output's address and amount, the input signed, and the fee.
    const psbt = unsignedPsbt(address)
    const signing = page.evaluate(
      async ({ psbt, address }) =>
        (await window.appkit.getProvider('bip122').signPSBT({ psbt, signInputs: [{ address, index: 0 }] }))
          .psbt,
      { psbt, address },
    )
    const screen = secureFrame(page).getByTestId('approval')
    await expect(screen).toBeVisible({ timeout: 15_000 })
    await expect(screen).toContainText(RECIPIENT)
    await expect(screen).toContainText('0.0009 BTC')
    await expect(screen).toContainText('0.001 BTC')
    await expect(screen).toContainText('0.0001 BTC')
    await approveInSecureFrame(page)
    const signed = bitcoin.Psbt.fromBase64(await signing, { network })
    expect(signed.validateSignaturesOfInput(0, (key, hash, sig) => ecc.verify(hash, key, sig))).toBe(true)
    signed.finalizeAllInputs()
    const tx = signed.extractTransaction()
    expect(bitcoin.address.fromOutputScript(tx.outs[0]!.script, network)).toBe(RECIPIENT)
    expect(verifyWitnessInput(tx, address, 100_000n)).toBe(true)
    expect(verifyWitnessInput(tx, address, 100_001n)).toBe(false)
    expect(await approvals()).toBe(3)

    // No node behind the embedded wallet: a transfer and a broadcast are refused, before any screen.
    expect(await failure(page, 'sendTransfer', { recipient: RECIPIENT, amount: '1000' })).toEqual({
      code: 4200,
      message:
        'The embedded wallet cannot send Bitcoin transfers: it has no Bitcoin node or indexer to find its coins',
    })
    expect(
      await failure(page, 'signPSBT', { psbt, signInputs: [{ address, index: 0 }], broadcast: true }),
    ).toEqual({
      code: 4200,
      message: 'The embedded wallet cannot broadcast Bitcoin transactions: sign without broadcast',
    })
    expect(await approvals()).toBe(3)
  })

  test('ATTACK: the host page asks to sign with SIGHASH_NONE, or an input of another address: refused with a typed error, no approval shown, nothing signed', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await logInOnBitcoinSite(page)
    await expect
      .poll(() => page.evaluate(() => window.appkit.getAccount('bip122').isConnected), { timeout: 20_000 })
      .toBe(true)
    const address = (await page.evaluate(() => window.appkit.getAccount('bip122').address))!
    const approvals = await watchApprovals(page)

    // SIGHASH_NONE signs no output: whoever holds the PSBT could then pay the coins to themselves.
    const sighashRefused = {
      code: 4200,
      message:
        'Only SIGHASH_ALL signatures are supported: other sighash types let others change the transaction',
    }
    const psbt = unsignedPsbt(address)
    for (const sighashTypes of [[bitcoin.Transaction.SIGHASH_NONE], [bitcoin.Transaction.SIGHASH_ALL | 0x80]])
      expect(
        await refusedWithoutScreen(page, { psbt, signInputs: [{ address, index: 0, sighashTypes }] }),
      ).toEqual(sighashRefused)
    // The same asked inside the PSBT (its input's sighash type) is refused too.
    const inPsbt = bitcoin.Psbt.fromBase64(psbt, { network })
    inPsbt.updateInput(0, { sighashType: bitcoin.Transaction.SIGHASH_SINGLE })
    expect(
      await refusedWithoutScreen(page, { psbt: inPsbt.toBase64(), signInputs: [{ address, index: 0 }] }),
    ).toEqual(sighashRefused)

    // An input the site names for another address, or one of our address that spends another's coins.
    const inputRefused = { code: -32602, message: 'This wallet cannot sign the requested input' }
    expect(
      await refusedWithoutScreen(page, {
        psbt: unsignedPsbt(RECIPIENT),
        signInputs: [{ address: RECIPIENT, index: 0 }],
      }),
    ).toEqual(inputRefused)
    expect(
      await refusedWithoutScreen(page, {
        psbt: unsignedPsbt(RECIPIENT),
        signInputs: [{ address, index: 0 }],
      }),
    ).toEqual(inputRefused)

    // The 2020 SegWit fee attack: our input's witnessUtxo understates what its previous transaction
    // pays, so the real fee is larger than the one a screen would show. Refused, as is no previous
    // transaction at all.
    for (const change of [{ value: 99_000n }, undefined]) {
      const lying = bitcoin.Psbt.fromBase64(psbt, { network })
      const input = lying.data.inputs[0]!
      if (change) input.witnessUtxo = { ...input.witnessUtxo!, ...change }
      else delete input.nonWitnessUtxo
      expect(
        await refusedWithoutScreen(page, { psbt: lying.toBase64(), signInputs: [{ address, index: 0 }] }),
      ).toEqual(inputRefused)
    }

    // No screen was ever shown, and the wallet still signs what it may (the refusals left no state).
    expect(await approvals()).toBe(0)
    await expect(secureFrame(page).getByTestId('approval')).toHaveCount(0)
    const signing = page.evaluate(
      async ({ psbt, address }) =>
        (await window.appkit.getProvider('bip122').signPSBT({ psbt, signInputs: [{ address, index: 0 }] }))
          .psbt,
      { psbt, address },
    )
    await approveInSecureFrame(page, RECIPIENT)
    expect(bitcoin.Psbt.fromBase64(await signing, { network }).data.inputs[0]!.partialSig).toHaveLength(1)

    // Another party's input claims 1 sat, so the PSBT's own sums read as a tiny fee: the wallet cannot
    // check that amount, so the screen says the fee is unknown, as a warning, never a figure.
    const joint = bitcoin.Psbt.fromBase64(psbt, { network })
    joint.addInput({
      hash: '44'.repeat(32),
      index: 0,
      witnessUtxo: { script: bitcoin.address.toOutputScript(RECIPIENT, network), value: 1n },
    })
    const jointSigning = page.evaluate(
      ({ psbt, address }) =>
        window.appkit
          .getProvider('bip122')
          .signPSBT({ psbt, signInputs: [{ address, index: 0 }] })
          .then(
            () => 'signed',
            (error: { code?: number }) => error.code,
          ),
      { psbt: joint.toBase64(), address },
    )
    const screen = secureFrame(page).getByTestId('approval')
    await expect(screen.getByTestId('approval-warnings')).toContainText(
      "unknown: an input is not this wallet's, and its amount cannot be checked",
    )
    await expect(screen).not.toContainText('0.0001 BTC')
    await rejectInSecureFrame(page)
    expect(await jointSigning).toBe(4001)
  })
})
