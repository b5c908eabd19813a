import { createHash } from 'node:crypto'
import type { Page } from '@playwright/test'
import { Signer } from 'bip322-js'
import * as bitcoin from 'bitcoinjs-lib'
import * as bitcoinMessage from 'bitcoinjs-message'
import {
  type BitcoinKey,
  type Broadcast,
  BTC_MAINNET,
  BTC_TESTNET,
  createBitcoinKey,
} from './bitcoinWallet.ts'

const network = bitcoin.networks.bitcoin
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest()
const SIGHASH: Record<string, number> = {
  ALL: 1,
  NONE: 2,
  SINGLE: 3,
  'ALL|ANYONECANPAY': 0x81,
  'NONE|ANYONECANPAY': 0x82,
  'SINGLE|ANYONECANPAY': 0x83,
}

/** What each wallet was asked, in its own dialect (bytes as base64, as its page side sent them). */
export type BitcoinWalletCall = { wallet: 'standard' | 'sats'; method: string; params: unknown }

/** sats-connect's JSON-RPC error for a user who declined (its RpcErrorCode.USER_REJECTION). */
const USER_REJECTION = -32000

/**
 * Two Bitcoin browser wallets for the tests, injected into the host page as extensions inject them,
 * one of each kind, both holding one real key (its mainnet P2WPKH address) in this Node process,
 * which the page sides reach by an exposed binding, as an extension's page script reaches its
 * background:
 * - "Test Standard": a Bitcoin Wallet Standard wallet (registered by `wallet-standard:register-wallet`
 *   and on `wallet-standard:app-ready`) with `bitcoin:connect`, `bitcoin:signMessage` (BIP-322),
 *   `bitcoin:signTransaction`, `standard:events` and `standard:disconnect`, in bytes;
 * - "Test Sats": a sats-connect provider at `window.TestSats.BitcoinProvider`, listed in
 *   `window.btc_providers`, answering `request(method, params)` in sats-connect's JSON-RPC envelope:
 *   `wallet_connect`, `signMessage` (ECDSA as BIP-137, or BIP-322; base64), `signPsbt`,
 *   `sendTransfer` (the transaction it would broadcast is recorded: there is no Bitcoin node here),
 *   `wallet_disconnect`, `wallet_getAccount`, which answers only while the site is connected, and
 *   `wallet_changeNetwork` (Mainnet or Testnet: its addresses are then that network's).
 * Both keep the site's grant across reloads, as extensions do, until it disconnects.
 * `window.__btcWallets.rejectNext()` makes the sats-connect wallet's next request be declined by its user.
 */
export async function installBitcoinWallets(page: Page) {
  const key: BitcoinKey = createBitcoinKey()
  const address = key.addresses[BTC_MAINNET]
  const calls: BitcoinWalletCall[] = []
  const broadcasts: Broadcast[] = []
  let rejectNext = false
  /** Whether the sats-connect wallet's user connected this site (kept by the wallet, across reloads). */
  let satsGranted = false
  /** The sats-connect wallet's network (`wallet_changeNetwork`), and its payment address there. */
  let satsChain: typeof BTC_MAINNET | typeof BTC_TESTNET = BTC_MAINNET
  const satsAddress = () => key.addresses[satsChain]

  const signPsbt = (psbtBase64: string, inputs: { index: number; sighash?: number | undefined }[]) => {
    const psbt = bitcoin.Psbt.fromBase64(psbtBase64, { network })
    for (const { index, sighash } of inputs)
      psbt.signInput(index, key.signer, [sighash ?? bitcoin.Transaction.SIGHASH_ALL])
    return psbt
  }

  const answer = (
    wallet: 'standard' | 'sats',
    method: string,
    params: Record<string, unknown>,
    noParams: boolean,
  ): unknown => {
    calls.push({ wallet, method, params })
    if (rejectNext && wallet === 'sats') {
      rejectNext = false
      return { error: { code: USER_REJECTION, message: 'User rejected the request' } }
    }
    if (wallet === 'standard') {
      switch (method) {
        case 'connect':
          return { address, publicKey: hex(key.publicKey) }
        case 'signMessage':
          if (params.address !== address) throw new Error(`not my address: ${String(params.address)}`)
          return Signer.sign(key.wif(BTC_MAINNET), address, String(params.message))
        case 'signTransaction': {
          const inputs = (
            params.inputsToSign as { address: string; signingIndexes: number[]; sigHash?: string }[]
          )
            .filter((i) => i.address === address)
            .flatMap((i) =>
              i.signingIndexes.map((index) => ({ index, sighash: SIGHASH[i.sigHash ?? 'ALL'] })),
            )
          return signPsbt(String(params.psbt), inputs).toBase64()
        }
        default:
          return null
      }
    }
    const result = (value: unknown) => ({ jsonrpc: '2.0', id: '1', result: value })
    const addresses = [
      { address: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7', publicKey: '00', purpose: 'stacks' },
      { address: satsAddress(), publicKey: hex(key.publicKey), purpose: 'payment', addressType: 'p2wpkh' },
    ]
    switch (method) {
      case 'wallet_connect':
        satsGranted = true
        return result({
          id: 'test',
          addresses,
          walletType: 'software',
          network: { bitcoin: { name: 'Mainnet' }, stacks: { name: 'Mainnet' } },
        })
      // Answers a site it is connected to without a prompt; any other gets sats-connect's ACCESS_DENIED.
      case 'wallet_getAccount':
        // sats-connect's definition takes no params; a wallet checks them before it answers.
        if (!noParams) return { error: { code: -32602, message: 'Invalid params' } }
        if (!satsGranted) return { error: { code: -32002, message: 'Access denied' } }
        return result({ id: 'test', addresses, walletType: 'software' })
      // The user approves the change in the wallet; its addresses are then the new network's.
      case 'wallet_changeNetwork': {
        if (!satsGranted) return { error: { code: -32002, message: 'Access denied' } }
        if (params.name !== 'Mainnet' && params.name !== 'Testnet')
          return { error: { code: -32602, message: `Unknown network ${String(params.name)}` } }
        satsChain = params.name === 'Mainnet' ? BTC_MAINNET : BTC_TESTNET
        return result(null)
      }
      case 'signMessage': {
        const signer = satsAddress()
        if (params.address !== signer) return { error: { code: -32602, message: 'not my address' } }
        const message = String(params.message)
        const signature =
          params.protocol === 'ECDSA'
            ? bitcoinMessage
                .sign(message, Buffer.from(key.secret), true, { segwitType: 'p2wpkh' })
                .toString('base64')
            : Signer.sign(key.wif(satsChain), signer, message)
        return result({ signature, address: signer, messageHash: '', protocol: params.protocol ?? 'ECDSA' })
      }
      case 'signPsbt': {
        const signInputs = params.signInputs as Record<string, number[]>
        const psbt = signPsbt(
          String(params.psbt),
          (signInputs[address] ?? []).map((index) => ({ index })),
        )
        return result({ psbt: psbt.toBase64() })
      }
      case 'sendTransfer': {
        const [recipient] = params.recipients as { address: string; amount: number }[]
        const amount = BigInt(recipient!.amount)
        const change = 50_000n
        const psbt = new bitcoin.Psbt({ network })
        psbt.addInput({
          hash: hex(sha256(Buffer.from(`e2e utxo of ${address}`))),
          index: 0,
          witnessUtxo: { script: key.payment(BTC_MAINNET).output!, value: amount + 1_000n + change },
        })
        try {
          psbt.addOutput({
            script: bitcoin.address.toOutputScript(recipient!.address, network),
            value: amount,
          })
        } catch {
          return { error: { code: -32602, message: 'Invalid recipient address' } }
        }
        psbt.addOutput({ address, value: change })
        psbt.signInput(0, key.signer)
        psbt.finalizeAllInputs()
        const tx = psbt.extractTransaction()
        broadcasts.push({
          chain: BTC_MAINNET,
          txid: tx.getId(),
          hex: tx.toHex(),
          inputValues: [amount + 1_000n + change],
        })
        return result({ txid: tx.getId() })
      }
      case 'wallet_disconnect':
        satsGranted = false
        return result(null)
      default:
        return { error: { code: -32601, message: `Method not found: ${method}` } }
    }
  }

  await page.exposeFunction(
    '__btcWalletAnswer',
    (wallet: 'standard' | 'sats', method: string, params: unknown) =>
      answer(wallet, method, (params ?? {}) as Record<string, unknown>, params === null),
  )
  await page.exposeFunction('__btcWalletRejectNext', () => {
    rejectNext = true
  })
  await page.addInitScript(() => {
    if (window !== window.top) return
    type Answer = (wallet: string, method: string, params: unknown) => Promise<unknown>
    const ask = (wallet: string, method: string, params: unknown) =>
      (window as unknown as { __btcWalletAnswer: Answer }).__btcWalletAnswer(wallet, method, params)
    const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
    const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
    const fromHex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (p) => Number.parseInt(p, 16))
    const icon = (color: string) =>
      `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8" fill="${color}"/></svg>`)}`
    Object.assign(window, {
      __btcWallets: {
        rejectNext: () => (window as unknown as { __btcWalletRejectNext(): void }).__btcWalletRejectNext(),
      },
    })

    // The Wallet Standard wallet: accounts are objects with the key's bytes; features take them back.
    // The site's grant is kept across reloads (in the page's storage here, an extension's own
    // elsewhere): `accounts` lists the authorized account from the start, as the standard says.
    type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }
    const GRANT = '__btcStandard:granted'
    const FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction']
    const toAccount = (address: string, publicKey: string): Account => ({
      address,
      publicKey: fromHex(publicKey),
      chains: ['bitcoin:mainnet'],
      features: FEATURES,
    })
    const kept = (): Account[] => {
      try {
        const grant = JSON.parse(localStorage.getItem(GRANT) ?? 'null') as {
          address: string
          publicKey: string
        }
        return grant ? [toAccount(grant.address, grant.publicKey)] : []
      } catch {
        return []
      }
    }
    let accounts: Account[] = kept()
    const changeListeners = new Set<(properties: { accounts: Account[] }) => void>()
    const standard = {
      version: '1.0.0',
      name: 'Test Standard',
      icon: icon('#f7931a'),
      chains: ['bitcoin:mainnet'],
      get accounts() {
        return accounts
      },
      features: {
        'bitcoin:connect': {
          version: '1.0.0',
          connect: async (input: { purposes: string[] }) => {
            const { address, publicKey } = (await ask('standard', 'connect', input)) as {
              address: string
              publicKey: string
            }
            accounts = [toAccount(address, publicKey)]
            localStorage.setItem(GRANT, JSON.stringify({ address, publicKey }))
            for (const listener of changeListeners) listener({ accounts })
            return { accounts }
          },
        },
        'bitcoin:signMessage': {
          version: '1.0.0',
          signMessage: async (...inputs: { account: Account; message: Uint8Array }[]) =>
            Promise.all(
              inputs.map(async ({ account, message }) => {
                if (!accounts.includes(account)) throw new Error('not an account of this wallet')
                const text = new TextDecoder().decode(message)
                const signature = (await ask('standard', 'signMessage', {
                  address: account.address,
                  message: text,
                })) as string
                return { signedMessage: message, signature: fromBase64(signature) }
              }),
            ),
        },
        'bitcoin:signTransaction': {
          version: '1.0.0',
          signTransaction: async (
            ...inputs: {
              psbt: Uint8Array
              inputsToSign: { account: Account; signingIndexes: number[]; sigHash?: string }[]
              chain?: string
            }[]
          ) =>
            Promise.all(
              inputs.map(async ({ psbt, inputsToSign, chain }) => {
                if (inputsToSign.some((i) => !accounts.includes(i.account)))
                  throw new Error('not an account of this wallet')
                const signed = (await ask('standard', 'signTransaction', {
                  psbt: toBase64(psbt),
                  chain,
                  inputsToSign: inputsToSign.map((i) => ({
                    address: i.account.address,
                    signingIndexes: i.signingIndexes,
                    ...(i.sigHash ? { sigHash: i.sigHash } : {}),
                  })),
                })) as string
                return { signedPsbt: fromBase64(signed) }
              }),
            ),
        },
        'standard:events': {
          version: '1.0.0',
          on: (event: string, listener: (properties: { accounts: Account[] }) => void) => {
            if (event !== 'change') return () => {}
            changeListeners.add(listener)
            return () => changeListeners.delete(listener)
          },
        },
        'standard:disconnect': {
          version: '1.0.0',
          disconnect: async () => {
            await ask('standard', 'disconnect', {})
            accounts = []
            localStorage.removeItem(GRANT)
          },
        },
      },
    }
    // The Wallet Standard's wallet side (`@wallet-standard/wallet`'s registerWallet), by its events.
    const callback = ({ register }: { register(wallet: unknown): unknown }) => register(standard)
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
    window.addEventListener('wallet-standard:app-ready', (event) =>
      callback((event as CustomEvent<{ register(wallet: unknown): unknown }>).detail),
    )
    Object.assign(window, {
      __btcStandard: {
        emitChange: (list: Account[]) => {
          for (const listener of changeListeners) listener({ accounts: list })
        },
      },
    })

    // The sats-connect provider, listed as WBIP-004 providers list themselves.
    const BitcoinProvider = {
      request: (method: string, params: unknown) => ask('sats', method, params),
      addListener: () => () => {},
    }
    Object.assign(window, {
      TestSats: { BitcoinProvider },
      btc_providers: [
        {
          id: 'TestSats.BitcoinProvider',
          name: 'Test Sats',
          icon: icon('#ee7a30'),
          webUrl: 'https://sats.test',
        },
      ],
    })
  })
  return {
    key,
    address,
    calls,
    broadcasts,
    /** The sats-connect wallet's user takes back the site's grant (in the wallet, not by the site). */
    revokeSats: () => {
      satsGranted = false
    },
  }
}
