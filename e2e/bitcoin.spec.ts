import * as ecc from '@bitcoinerlab/secp256k1'
import { expect, type Page, test } from '@playwright/test'
import { Verifier } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import { truncateAddress } from '../packages/shared/src/truncateAddress.ts'
import { BTC_MAINNET, BTC_TESTNET } from './bitcoinWallet.ts'
import { copyPairingUri, gotoReady, loadLoader, modal } from './helpers.ts'
import { PROJECT_ID } from './sites.ts'
import { createWalletConnectWallet } from './walletConnectWallet.ts'

// BIP-173's test vectors: someone else's addresses to pay, on each network.
const MAINNET_RECIPIENT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const TESTNET_RECIPIENT = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'

type Failure = { code: number; message: string; details?: string }

type Method = 'signMessage' | 'signPSBT' | 'sendTransfer' | 'getAccountAddresses' | 'request'

/** Calls a method of the page's Bitcoin provider; its error as data (code, message, the zod details). */
function failure(page: Page, method: Method, arg?: unknown): Promise<Failure | 'resolved'> {
  return page.evaluate(
    async ({ method, arg }) => {
      const bitcoin = window.appkit.getProvider('bip122') as unknown as Record<
        Method,
        (a: unknown) => Promise<unknown>
      >
      try {
        await bitcoin[method](arg)
        return 'resolved' as const
      } catch (error) {
        const e = error as { code: number; message: string; data?: { details?: string } }
        return { code: e.code, message: e.message, ...(e.data?.details ? { details: e.data.details } : {}) }
      }
    },
    { method, arg },
  )
}

/** A P2WPKH input's signature, checked by the test itself: the witness key is the address's, and it signed the sighash. */
function verifyWitnessInput(
  tx: bitcoin.Transaction,
  index: number,
  address: string,
  value: bigint,
  network: bitcoin.Network,
) {
  const [der, publicKey] = tx.ins[index]!.witness
  const payment = bitcoin.payments.p2wpkh({ pubkey: publicKey!, network })
  expect(payment.address).toBe(address)
  const { signature, hashType } = bitcoin.script.signature.decode(der!)
  const scriptCode = bitcoin.payments.p2pkh({ hash: payment.hash! }).output!
  const hash = tx.hashForWitnessV0(index, scriptCode, value, hashType)
  return ecc.verify(hash, publicKey!, signature)
}

test.describe('Bitcoin through getProvider("bip122"), a WalletConnect wallet with bip122', () => {
  test('connects on mainnet and testnet, reads the addresses, signs messages (BIP-322, ECDSA) and a PSBT that verify, transfers, refuses bad params before the wallet, and disconnects', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    const wallet = await createWalletConnectWallet({ bitcoin: true })
    const btc = wallet.bitcoin!
    const mainnet = btc.addresses[BTC_MAINNET]
    const testnet = btc.addresses[BTC_TESTNET]
    try {
      await loadLoader(page, {
        'data-project-id': PROJECT_ID,
        'data-networks': `${BTC_MAINNET},${BTC_TESTNET}`,
      })
      await page.waitForFunction(() => window.appkit?.getState().initialized === true)

      // SPEC §8's sentence before any account is connected; no wallet is asked.
      expect(await failure(page, 'signMessage', { message: 'early' })).toMatchObject({
        code: 4100,
        message: 'Please call connect() before request()',
      })

      // connect() opens the modal; WalletConnect pairs; the session holds both Bitcoin networks.
      await page.evaluate(() => {
        Object.assign(window, { __connecting: window.appkit.getProvider('bip122').connect() })
      })
      await modal(page).getByTestId('wallet-walletconnect').click()
      await wallet.pair(await copyPairingUri(page))
      expect(
        await page.evaluate(() => (window as unknown as { __connecting: Promise<string> }).__connecting),
      ).toBe(mainnet)
      expect(wallet.proposals[0]?.chains).toEqual([BTC_MAINNET, BTC_TESTNET])
      expect(wallet.sessions()[0]?.namespaces.bip122?.methods).toEqual([
        'signMessage',
        'signPsbt',
        'sendTransfer',
        'getAccountAddresses',
      ])
      expect(await page.evaluate(() => window.appkit.getAccount('bip122'))).toMatchObject({
        isConnected: true,
        address: mainnet,
        caipAddress: `${BTC_MAINNET}:${mainnet}`,
      })
      expect(await page.evaluate(() => window.appkit.getProvider('bip122').address)).toBe(mainnet)

      // The modal shows the Bitcoin address.
      await page.evaluate(() => window.appkit.open())
      await expect(modal(page).getByTestId('account-identity')).toHaveText(truncateAddress(mainnet))
      await expect(modal(page).getByTestId('account-network')).toHaveText('Bitcoin')
      await page.evaluate(() => window.appkit.close())

      // getAccountAddresses: AppKit's shape from WalletConnect's reply.
      expect(await page.evaluate(() => window.appkit.getProvider('bip122').getAccountAddresses())).toEqual([
        {
          address: mainnet,
          publicKey: Buffer.from(btc.key.publicKey).toString('hex'),
          path: "m/84'/0'/0'/0/0",
          purpose: 'payment',
        },
      ])
      expect(wallet.requests.at(-1)).toEqual({
        method: 'getAccountAddresses',
        params: { account: mainnet },
        chainId: BTC_MAINNET,
      })

      // signMessage: BIP-322 and ECDSA (BIP-137), each verified here by bip322-js.
      const message = 'Sign in to the demo site with Bitcoin'
      const bip322 = await page.evaluate(
        (m) => window.appkit.getProvider('bip122').signMessage({ message: m, protocol: 'bip322' }),
        message,
      )
      expect(Verifier.verifySignature(mainnet, message, bip322)).toBe(true)
      expect(Verifier.verifySignature(mainnet, `${message}!`, bip322)).toBe(false)
      expect(Verifier.verifySignature(MAINNET_RECIPIENT, message, bip322)).toBe(false)
      expect(wallet.requests.at(-1)?.params).toEqual({
        account: mainnet,
        message,
        address: mainnet,
        protocol: 'bip322',
      })
      const ecdsa = await page.evaluate(
        (m) => window.appkit.getProvider('bip122').signMessage({ message: m, protocol: 'ecdsa' }),
        message,
      )
      expect(Buffer.from(ecdsa, 'base64')).toHaveLength(65)
      expect(Verifier.verifySignature(mainnet, message, ecdsa, true)).toBe(true)
      expect(Verifier.verifySignature(mainnet, `${message}!`, ecdsa, true)).toBe(false)

      // signPSBT: the wallet signs input 0; the test finalizes it and checks the signature itself.
      const network = bitcoin.networks.bitcoin
      const unsigned = new bitcoin.Psbt({ network })
      unsigned.addInput({
        hash: '11'.repeat(32),
        index: 1,
        witnessUtxo: { script: bitcoin.address.toOutputScript(mainnet, network), value: 100_000n },
      })
      unsigned.addOutput({ address: MAINNET_RECIPIENT, value: 90_000n })
      const signedBase64 = await page.evaluate(
        async ({ psbt, address }) =>
          (
            await window.appkit
              .getProvider('bip122')
              .signPSBT({ psbt, signInputs: [{ address, index: 0, sighashTypes: [1] }], broadcast: false })
          ).psbt,
        { psbt: unsigned.toBase64(), address: mainnet },
      )
      const signed = bitcoin.Psbt.fromBase64(signedBase64, { network })
      expect(signed.validateSignaturesOfInput(0, (key, hash, sig) => ecc.verify(hash, key, sig))).toBe(true)
      signed.finalizeAllInputs()
      const tx = signed.extractTransaction()
      expect(tx.outs.map((o) => [Buffer.from(o.script).toString('hex'), o.value])).toEqual(
        unsigned.txOutputs.map((o) => [Buffer.from(o.script).toString('hex'), o.value]),
      )
      expect(verifyWitnessInput(tx, 0, mainnet, 100_000n, network)).toBe(true)
      expect(verifyWitnessInput(tx, 0, mainnet, 100_001n, network)).toBe(false)

      // Bad params are refused by the modal before the wallet sees them (zod's issue codes).
      const asked = wallet.requests.length
      expect(
        await failure(page, 'request', {
          method: 'signPsbt',
          params: { psbt: 'not a psbt', signInputs: [] },
        }),
      ).toEqual({ code: -32602, message: 'Invalid signPsbt params', details: 'invalid_format at psbt' })
      expect(await failure(page, 'signMessage', { message: 'x', protocol: 'schnorr' })).toEqual({
        code: -32602,
        message: 'Invalid signMessage params',
        details: 'invalid_value at protocol',
      })
      expect(await failure(page, 'sendTransfer', { recipient: MAINNET_RECIPIENT, amount: '-5' })).toEqual({
        code: -32602,
        message: 'Invalid sendTransfer params',
        details: 'invalid_format at amount',
      })
      expect(
        await failure(page, 'request', {
          method: 'sendTransfer',
          params: { account: MAINNET_RECIPIENT, recipientAddress: MAINNET_RECIPIENT, amount: '5' },
        }),
      ).toEqual({ code: -32602, message: 'Invalid sendTransfer params', details: 'custom at account' })
      // Nothing but the four Bitcoin methods is listed under bip122 (SPEC §5/§6).
      expect(
        await failure(page, 'request', { method: 'personal_sign', params: ['0x00', '0x00'] }),
      ).toMatchObject({
        code: 4200,
        message: 'Requested RPC call is not allowed',
      })
      expect(wallet.requests).toHaveLength(asked)
      await page.evaluate(() => window.appkit.close())

      // Testnet, picked in the Networks view: the session's testnet account becomes the connected one.
      await page.evaluate(() => window.appkit.open({ view: 'Networks' }))
      await modal(page).getByTestId(`network-${BTC_TESTNET}`).click()
      await expect.poll(() => page.evaluate(() => window.appkit.getCaipNetworkId())).toBe(BTC_TESTNET)
      expect(await page.evaluate(() => window.appkit.getAccount('bip122').caipAddress)).toBe(
        `${BTC_TESTNET}:${testnet}`,
      )
      await page.evaluate(() => window.appkit.open({ view: 'Account' }))
      await expect(modal(page).getByTestId('account-identity')).toHaveText(truncateAddress(testnet))
      await expect(modal(page).getByTestId('account-network')).toHaveText('Bitcoin Testnet')
      await page.evaluate(() => window.appkit.close())

      // sendTransfer on testnet: no node here, so the transaction the wallet signed to broadcast is
      // checked instead: its id is the one returned, it pays the recipient, and its signature verifies.
      const txid = await page.evaluate(
        (recipient) => window.appkit.getProvider('bip122').sendTransfer({ recipient, amount: '12345' }),
        TESTNET_RECIPIENT,
      )
      expect(wallet.requests.at(-1)).toEqual({
        method: 'sendTransfer',
        params: { account: testnet, recipientAddress: TESTNET_RECIPIENT, amount: '12345' },
        chainId: BTC_TESTNET,
      })
      const sent = btc.broadcasts.find((b) => b.txid === txid)
      expect(sent?.chain).toBe(BTC_TESTNET)
      const transfer = bitcoin.Transaction.fromHex(sent!.hex)
      expect(transfer.getId()).toBe(txid)
      const testNetwork = bitcoin.networks.testnet
      expect(transfer.outs[0]).toMatchObject({ value: 12_345n })
      expect(bitcoin.address.fromOutputScript(transfer.outs[0]!.script, testNetwork)).toBe(TESTNET_RECIPIENT)
      expect(verifyWitnessInput(transfer, 0, testnet, sent!.inputValues[0]!, testNetwork)).toBe(true)
      // A mainnet recipient while on testnet: the wallet refuses it, and the page gets its error.
      expect(
        await failure(page, 'sendTransfer', { recipient: MAINNET_RECIPIENT, amount: '5' }),
      ).toMatchObject({ code: 5000, message: 'Wallet request failed' })

      // Disconnect: the wallet's session ends, and the provider is back to 4100.
      await page.evaluate(() => window.appkit.getProvider('bip122').disconnect())
      expect(await page.evaluate(() => window.appkit.getAccount('bip122').isConnected)).toBe(false)
      await expect.poll(() => wallet.sessions().length).toBe(0)
      expect(await failure(page, 'getAccountAddresses')).toMatchObject({ code: 4100 })
    } finally {
      await wallet.close()
    }
  })

  test('a wallet without Bitcoin leaves bip122 disconnected, not connecting, and the Bitcoin provider refuses with 4100', async ({
    page,
  }) => {
    const wallet = await createWalletConnectWallet()
    try {
      // The demo page configures Bitcoin mainnet beside its EVM and Solana networks: bip122 is proposed.
      await gotoReady(page)
      await page.getByTestId('connect-button').click()
      await modal(page).getByTestId('wallet-walletconnect').click()
      await wallet.pair(await copyPairingUri(page))
      await expect.poll(() => page.evaluate(() => window.appkit.getAccount('eip155').isConnected)).toBe(true)
      expect(wallet.proposals[0]?.chains).toContain(BTC_MAINNET)
      expect(await page.evaluate(() => window.appkit.getAccount('bip122').status)).toBe('disconnected')
      expect(await page.evaluate(() => window.appkit.getProvider('bip122').isConnected)).toBe(false)
      expect(await failure(page, 'signMessage', { message: 'hi' })).toMatchObject({ code: 4100 })
      expect(wallet.requests).toEqual([])
    } finally {
      await wallet.close()
    }
  })
})
