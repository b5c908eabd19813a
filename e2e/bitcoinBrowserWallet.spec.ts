import * as ecc from '@bitcoinerlab/secp256k1'
import { expect, type Page, test } from '@playwright/test'
import { Verifier } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import { verifyMessage } from 'ethers'
import { truncateAddress } from '../packages/shared/src/truncateAddress.ts'
import { installBitcoinWallets } from './bitcoinBrowserWallet.ts'
import { bitcoinFailure as failure } from './bitcoinProvider.ts'
import { BTC_MAINNET, BTC_TESTNET } from './bitcoinWallet.ts'
import { gotoReady, loadLoader, modal } from './helpers.ts'
import { PROJECT_ID } from './sites.ts'
import { installTestWallet, TEST_ACCOUNT } from './testWallet.ts'

// BIP-173's test vector: someone else's mainnet address to pay.
const RECIPIENT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const STANDARD_ROW = 'wallet-bitcoin-standard:1'
const SATS_ROW = 'wallet-bitcoin-sats-connect:TestSats.BitcoinProvider'
const network = bitcoin.networks.bitcoin

const signMessage = (page: Page, message: string, protocol: 'bip322' | 'ecdsa') =>
  page.evaluate(
    ({ message, protocol }) => window.appkit.getProvider('bip122').signMessage({ message, protocol }),
    { message, protocol },
  )

/** An unsigned PSBT spending a made-up output of `address`, to the recipient. */
function unsignedPsbt(address: string) {
  const psbt = new bitcoin.Psbt({ network })
  psbt.addInput({
    hash: '22'.repeat(32),
    index: 0,
    witnessUtxo: { script: bitcoin.address.toOutputScript(address, network), value: 100_000n },
  })
  psbt.addOutput({ address: RECIPIENT, value: 90_000n })
  return psbt
}

/** A P2WPKH input's signature, checked here: the witness key is the address's, and it signed the sighash. */
function verifyWitnessInput(tx: bitcoin.Transaction, index: number, address: string, value: bigint) {
  const [der, publicKey] = tx.ins[index]!.witness
  const payment = bitcoin.payments.p2wpkh({ pubkey: publicKey!, network })
  if (payment.address !== address) return false
  const { signature, hashType } = bitcoin.script.signature.decode(der!)
  const scriptCode = bitcoin.payments.p2pkh({ hash: payment.hash! }).output!
  return ecc.verify(tx.hashForWitnessV0(index, scriptCode, value, hashType), publicKey!, signature)
}

/** The page's signPSBT of input 0, then finalized and checked here with bitcoinjs-lib. */
async function signAndVerifyPsbt(page: Page, address: string) {
  const unsigned = unsignedPsbt(address)
  const signedBase64 = await page.evaluate(
    async ({ psbt, address }) =>
      (
        await window.appkit
          .getProvider('bip122')
          .signPSBT({ psbt, signInputs: [{ address, index: 0, sighashTypes: [1] }] })
      ).psbt,
    { psbt: unsigned.toBase64(), address },
  )
  const signed = bitcoin.Psbt.fromBase64(signedBase64, { network })
  expect(signed.validateSignaturesOfInput(0, (key, hash, sig) => ecc.verify(hash, key, sig))).toBe(true)
  signed.finalizeAllInputs()
  const tx = signed.extractTransaction()
  expect(bitcoin.address.fromOutputScript(tx.outs[0]!.script, network)).toBe(RECIPIENT)
  expect(verifyWitnessInput(tx, 0, address, 100_000n)).toBe(true)
  expect(verifyWitnessInput(tx, 0, address, 100_001n)).toBe(false)
}

async function loadBitcoinSite(page: Page) {
  await loadLoader(page, { 'data-project-id': PROJECT_ID, 'data-networks': `eip155:31337,${BTC_MAINNET}` })
  await page.waitForFunction(() => window.appkit?.getState().initialized === true)
}

test.describe('Bitcoin browser wallets in the host page (Wallet Standard, sats-connect)', () => {
  test('a Bitcoin Wallet Standard wallet: listed with its icon, connects, signs a BIP-322 message and a PSBT that verify, refuses what it cannot do, and disconnects', async ({
    page,
  }) => {
    const wallets = await installBitcoinWallets(page)
    const { address } = wallets
    await loadBitcoinSite(page)

    // connect() opens the modal; both wallets are listed with their icons, as Bitcoin wallets.
    await page.evaluate(() => {
      Object.assign(window, { __connecting: window.appkit.getProvider('bip122').connect() })
    })
    const row = modal(page).getByTestId(STANDARD_ROW)
    await expect(row).toContainText('Test Standard')
    await expect(row).toContainText('BITCOIN')
    await expect(row.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    await expect(modal(page).getByTestId(SATS_ROW)).toContainText('Test Sats')
    await row.click()
    expect(
      await page.evaluate(() => (window as unknown as { __connecting: Promise<string> }).__connecting),
    ).toBe(address)
    expect(wallets.calls[0]).toEqual({
      wallet: 'standard',
      method: 'connect',
      params: { purposes: ['payment'] },
    })
    expect(await page.evaluate(() => window.appkit.getAccount('bip122'))).toMatchObject({
      isConnected: true,
      address,
      caipAddress: `${BTC_MAINNET}:${address}`,
    })
    expect(await page.evaluate(() => window.appkit.getState().activeChain)).toBe('bip122')
    await page.evaluate(() => window.appkit.open())
    await expect(modal(page).getByTestId('account-identity')).toHaveText(truncateAddress(address))
    await page.evaluate(() => window.appkit.close())

    // getAccountAddresses: the address the wallet gave, with its public key.
    expect(await page.evaluate(() => window.appkit.getProvider('bip122').getAccountAddresses())).toEqual([
      { address, publicKey: Buffer.from(wallets.key.publicKey).toString('hex'), purpose: 'payment' },
    ])

    // signMessage (BIP-322): the wallet got the message as bytes, for its account; bip322-js verifies.
    const message = 'Sign in to the demo site with Bitcoin'
    const signature = await signMessage(page, message, 'bip322')
    expect(Verifier.verifySignature(address, message, signature)).toBe(true)
    expect(Verifier.verifySignature(address, `${message}!`, signature)).toBe(false)
    expect(wallets.calls.at(-1)).toEqual({
      wallet: 'standard',
      method: 'signMessage',
      params: { address, message },
    })

    // signPSBT: bitcoin:signTransaction with the input grouped under the wallet's account.
    await signAndVerifyPsbt(page, address)
    expect(wallets.calls.at(-1)).toMatchObject({
      method: 'signTransaction',
      params: { chain: 'bitcoin:mainnet', inputsToSign: [{ address, signingIndexes: [0], sigHash: 'ALL' }] },
    })

    // What the standard has no feature for is refused (4200) before the wallet is asked.
    const asked = wallets.calls.length
    expect(await failure(page, 'signMessage', { message, protocol: 'ecdsa' })).toMatchObject({ code: 4200 })
    expect(await failure(page, 'sendTransfer', { recipient: RECIPIENT, amount: '5' })).toMatchObject({
      code: 4200,
    })
    expect(wallets.calls).toHaveLength(asked)

    // Disconnect: the wallet's standard:disconnect is called, and the provider is back to 4100.
    await page.evaluate(() => window.appkit.getProvider('bip122').disconnect())
    expect(await page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(false)
    await expect.poll(() => wallets.calls.at(-1)?.method).toBe('disconnect')
    expect(await failure(page, 'signMessage', { message })).toMatchObject({ code: 4100 })

    // Connected again, then the wallet itself drops the site's accounts (standard:events): disconnected.
    await page.evaluate(() => window.appkit.open())
    await modal(page).getByTestId(STANDARD_ROW).click()
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(true)
    await page.evaluate(() =>
      (
        window as unknown as { __btcStandard: { emitChange(list: unknown[]): void } }
      ).__btcStandard.emitChange([]),
    )
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(false)
  })

  test('a sats-connect wallet: connects, signs BIP-322 and ECDSA messages and a PSBT that verify, transfers, maps a rejection to 4001, and disconnects', async ({
    page,
  }) => {
    const wallets = await installBitcoinWallets(page)
    const { address } = wallets
    await loadBitcoinSite(page)
    await page.evaluate(() => window.appkit.open())
    await modal(page).getByTestId(SATS_ROW).click()
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('bip122').address)).toBe(address)
    // Its Stacks address is not a Bitcoin one: the payment address is the account.
    expect(wallets.calls[0]).toEqual({
      wallet: 'sats',
      method: 'wallet_connect',
      params: { addresses: ['payment'] },
    })

    const message = 'Sign in to the demo site with Bitcoin'
    const bip322 = await signMessage(page, message, 'bip322')
    expect(Verifier.verifySignature(address, message, bip322)).toBe(true)
    expect(wallets.calls.at(-1)?.params).toEqual({ address, message, protocol: 'BIP322' })
    const ecdsa = await signMessage(page, message, 'ecdsa')
    expect(Buffer.from(ecdsa, 'base64')).toHaveLength(65)
    expect(Verifier.verifySignature(address, message, ecdsa, true)).toBe(true)
    expect(Verifier.verifySignature(address, `${message}!`, ecdsa, true)).toBe(false)
    expect(wallets.calls.at(-1)?.params).toEqual({ address, message, protocol: 'ECDSA' })

    // signPSBT: sats-connect's signInputs (address → input indexes).
    await signAndVerifyPsbt(page, address)
    expect(wallets.calls.at(-1)).toMatchObject({
      method: 'signPsbt',
      params: { signInputs: { [address]: [0] } },
    })

    // sendTransfer: the id the page got is the transaction the wallet signed to broadcast.
    const txid = await page.evaluate(
      (recipient) => window.appkit.getProvider('bip122').sendTransfer({ recipient, amount: '12345' }),
      RECIPIENT,
    )
    expect(wallets.calls.at(-1)).toEqual({
      wallet: 'sats',
      method: 'sendTransfer',
      params: { recipients: [{ address: RECIPIENT, amount: 12345 }] },
    })
    const sent = wallets.broadcasts.find((b) => b.txid === txid)
    const transfer = bitcoin.Transaction.fromHex(sent!.hex)
    expect(transfer.getId()).toBe(txid)
    expect(transfer.outs[0]).toMatchObject({ value: 12_345n })
    expect(bitcoin.address.fromOutputScript(transfer.outs[0]!.script, network)).toBe(RECIPIENT)
    expect(verifyWitnessInput(transfer, 0, address, sent!.inputValues[0]!)).toBe(true)

    // The wallet's user declines (sats-connect's -32000): the page gets EIP-1193's 4001.
    await page.evaluate(() =>
      (window as unknown as { __btcWallets: { rejectNext(): void } }).__btcWallets.rejectNext(),
    )
    expect(await failure(page, 'signMessage', { message })).toEqual({
      code: 4001,
      message: 'User rejected the request',
    })

    await page.evaluate(() => window.appkit.disconnect('bip122'))
    expect(await page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(false)
    await expect.poll(() => wallets.calls.at(-1)?.method).toBe('wallet_disconnect')
  })

  test('SwitchActiveChain between the EVM browser wallet and a Bitcoin browser wallet: both stay connected, each answers on its own family', async ({
    page,
  }) => {
    await installTestWallet(page)
    const wallets = await installBitcoinWallets(page)
    const { address } = wallets
    const activeChain = () => page.evaluate(() => window.appkit.getState().activeChain)
    await gotoReady(page)
    await page.getByTestId('connect-button').click()
    await modal(page).getByTestId('wallet-test.wallet').click()
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)

    // Bitcoin from the EVM wallet: SwitchActiveChain, then Connect lists the Bitcoin wallets.
    await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
    await modal(page).getByTestId(`network-${BTC_MAINNET}`).click()
    await expect(modal(page).getByTestId('switch-active-chain-title')).toHaveText('Switch to Bitcoin')
    await modal(page).getByTestId('switch-active-chain').click()
    await modal(page).getByTestId(SATS_ROW).click()
    await expect.poll(() => page.evaluate(() => window.appkit.getAccount('bip122').address)).toBe(address)
    expect(await activeChain()).toBe('bip122')
    expect(await page.evaluate(() => window.appkit.getAccount('eip155').address)).toBe(TEST_ACCOUNT)
    const message = 'Both families'
    expect(Verifier.verifySignature(address, message, await signMessage(page, message, 'bip322'))).toBe(true)

    // Back to an EVM network: the EVM wallet is still connected, so no SwitchActiveChain; it signs.
    await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
    await modal(page).getByTestId('network-eip155:31337').click()
    await expect.poll(activeChain).toBe('eip155')
    await expect(modal(page).getByTestId('view-SwitchActiveChain')).toHaveCount(0)
    const evmSignature = (await page.evaluate(
      ([m, a]) => window.appkit.getProvider('eip155').request({ method: 'personal_sign', params: [m, a] }),
      [`0x${Buffer.from(message).toString('hex')}`, TEST_ACCOUNT],
    )) as string
    expect(verifyMessage(message, evmSignature)).toBe(TEST_ACCOUNT)
    expect(await page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(true)

    // And Bitcoin again, straight away: its wallet is connected there.
    await page.evaluate(() => window.appkit.open({ view: 'SwitchNetwork' }))
    await modal(page).getByTestId(`network-${BTC_MAINNET}`).click()
    await expect.poll(activeChain).toBe('bip122')
    await expect(modal(page).getByTestId('view-SwitchActiveChain')).toHaveCount(0)
    expect(await page.evaluate(() => window.appkit.getAccount('bip122').address)).toBe(address)
  })
})

test.describe('the next visit (a Bitcoin browser wallet reconnected, as AppKit reconnects)', () => {
  const bitcoinAccount = (page: Page) => page.evaluate(() => window.appkit.getAccount('bip122'))
  const remembered = (page: Page) => page.evaluate(() => localStorage.getItem('modalkit:last-bitcoin-wallet'))
  /** Long enough for a reconnection to have happened (the loader waits up to 1 s for the wallet). */
  const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1_500)))
  /** The test wallets installed, then the one in `row` connected from the modal. */
  const connectFromModal = async (page: Page, row: string) => {
    const wallets = await installBitcoinWallets(page)
    const { address } = wallets
    await loadBitcoinSite(page)
    await page.evaluate(() => window.appkit.open())
    await modal(page).getByTestId(row).click()
    await expect.poll(() => bitcoinAccount(page)).toMatchObject({ isConnected: true, address })
    return { wallets, address }
  }

  test('a Wallet Standard wallet: a reload reconnects it from its authorized accounts without asking, it signs; after a disconnect it does not', async ({
    page,
  }) => {
    const { wallets, address } = await connectFromModal(page, STANDARD_ROW)

    await loadBitcoinSite(page)
    await expect
      .poll(() => bitcoinAccount(page))
      .toMatchObject({
        isConnected: true,
        address,
        caipAddress: `${BTC_MAINNET}:${address}`,
      })
    // Not asked again, and the modal stayed shut.
    expect(wallets.calls.filter((c) => c.method === 'connect')).toHaveLength(1)
    expect(await page.evaluate(() => window.appkit.getState().open)).toBe(false)
    // The wallet's own account objects came back with it: it signs for the site.
    const message = 'Welcome back'
    const signature = await signMessage(page, message, 'bip322')
    expect(Verifier.verifySignature(address, message, signature)).toBe(true)

    await page.evaluate(() => window.appkit.disconnect('bip122'))
    await expect.poll(() => remembered(page)).toBeNull()
    await loadBitcoinSite(page)
    await settle(page)
    expect((await bitcoinAccount(page)).isConnected).toBe(false)
  })

  test('a sats-connect wallet: reconnected by wallet_getAccount (no prompt); once its user took back the grant it is not, and is forgotten', async ({
    page,
  }) => {
    const { wallets, address } = await connectFromModal(page, SATS_ROW)
    // The wallet and the address it connected with, in the site's own storage.
    expect(JSON.parse((await remembered(page)) ?? 'null')).toEqual({
      wallet: 'sats-connect:TestSats.BitcoinProvider',
      address,
    })

    await loadBitcoinSite(page)
    await expect.poll(() => bitcoinAccount(page)).toMatchObject({ isConnected: true, address })
    expect(wallets.calls.map((c) => c.method)).toEqual(['wallet_connect', 'wallet_getAccount'])
    const message = 'Welcome back'
    const ecdsa = await signMessage(page, message, 'ecdsa')
    expect(Verifier.verifySignature(address, message, ecdsa, true)).toBe(true)

    wallets.revokeSats()
    await loadBitcoinSite(page)
    await expect.poll(() => remembered(page)).toBeNull()
    expect((await bitcoinAccount(page)).isConnected).toBe(false)
    expect(wallets.calls.at(-1)?.method).toBe('wallet_getAccount')
  })
})

test.describe('a Bitcoin browser wallet asked to change network (the site has Bitcoin and Bitcoin Testnet)', () => {
  const bitcoinAccount = (page: Page) => page.evaluate(() => window.appkit.getAccount('bip122'))
  const switchTo = (page: Page, chain: string) =>
    page.evaluate(
      (id) =>
        window.appkit
          .getProvider('bip122')
          .switchNetwork(id)
          .then(
            () => 'switched',
            (error: { code: number; message: string }) => `${error.code} ${error.message}`,
          ),
      chain,
    )
  const load = async (page: Page) => {
    await loadLoader(page, {
      'data-project-id': PROJECT_ID,
      'data-networks': `eip155:31337,${BTC_MAINNET},${BTC_TESTNET}`,
    })
    await page.waitForFunction(() => window.appkit?.getState().initialized === true)
  }
  const connect = async (page: Page, row: string) => {
    const wallets = await installBitcoinWallets(page)
    await load(page)
    await page.evaluate(() => window.appkit.open())
    await modal(page).getByTestId(row).click()
    await expect
      .poll(() => bitcoinAccount(page))
      .toMatchObject({ isConnected: true, address: wallets.address })
    return wallets
  }

  test('a sats-connect wallet changes its network (wallet_changeNetwork): the account is its testnet address, which signs, and the next visit comes back there', async ({
    page,
  }) => {
    const wallets = await connect(page, SATS_ROW)
    const testnet = wallets.key.addresses[BTC_TESTNET]
    expect(testnet).toMatch(/^tb1/)

    expect(await switchTo(page, BTC_TESTNET)).toBe('switched')
    expect(wallets.calls.find((c) => c.method === 'wallet_changeNetwork')?.params).toEqual({
      name: 'Testnet',
    })
    expect(await bitcoinAccount(page)).toMatchObject({
      isConnected: true,
      address: testnet,
      caipAddress: `${BTC_TESTNET}:${testnet}`,
    })
    const message = 'Signed on testnet'
    const signature = await signMessage(page, message, 'bip322')
    expect(Verifier.verifySignature(testnet, message, signature)).toBe(true)
    expect(wallets.calls.at(-1)?.params).toEqual({ address: testnet, message, protocol: 'BIP322' })

    await load(page)
    await expect.poll(() => bitcoinAccount(page)).toMatchObject({ isConnected: true, address: testnet })

    expect(await switchTo(page, BTC_MAINNET)).toBe('switched')
    expect(await bitcoinAccount(page)).toMatchObject({ address: wallets.address })
  })

  test('a Wallet Standard wallet with no testnet account: the switch is refused and the account and network stay', async ({
    page,
  }) => {
    const wallets = await connect(page, STANDARD_ROW)
    expect(await switchTo(page, BTC_TESTNET)).toMatch(/^-32603 /)
    expect(await bitcoinAccount(page)).toMatchObject({
      isConnected: true,
      address: wallets.address,
      caipAddress: `${BTC_MAINNET}:${wallets.address}`,
    })
    expect(await page.evaluate(() => window.appkit.getCaipNetworkId())).toBe(BTC_MAINNET)
    // It still signs on its own network.
    const signature = await signMessage(page, 'still here', 'bip322')
    expect(Verifier.verifySignature(wallets.address, 'still here', signature)).toBe(true)
  })
})
