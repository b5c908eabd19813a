import { bitcoinNetworkOfAddress, UnsupportedMethodError, ValidationError } from '@modalkit/protocol'
import { base64ToBytes, bytesToBase64 } from '@modalkit/shared'
import {
  BITCOIN_CONNECT,
  type BitcoinWalletAdapter,
  bytesToHex,
  type RawBitcoinAccount,
  SIGHASH_FLAGS,
  standardFeature,
  walletMethod,
} from './bitcoinWalletAdapter.ts'

/** The Bitcoin Wallet Standard's other feature names (`@exodus/bitcoin-wallet-standard`, Reown's adapter). */
const SIGN_MESSAGE = 'bitcoin:signMessage'
const SIGN_TRANSACTION = 'bitcoin:signTransaction'

const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'

/** The Wallet Standard's Bitcoin chain of an address's network. */
const standardChain = (address: string) =>
  bitcoinNetworkOfAddress(address) === BITCOIN_MAINNET ? 'bitcoin:mainnet' : 'bitcoin:testnet'

/** The first output of a Wallet Standard method (they answer one output per input). */
function firstOutput(outputs: unknown): object {
  const first: unknown = Array.isArray(outputs) ? outputs[0] : undefined
  if (typeof first !== 'object' || first === null) throw new ValidationError('wallet answer', [])
  return first
}

/**
 * A Bitcoin Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction`, `standard:events`, `standard:disconnect`): its features take the
 * account objects it gave and bytes. It offers no transfer and no broadcast, and its signMessage
 * has no protocol choice (wallets sign BIP-322): those are refused as unsupported (4200).
 */
export function createStandardWalletAdapter(wallet: object): BitcoinWalletAdapter {
  /**
   * The account objects the wallet gave, by address: its features want them back. Kept as they come
   * (a refused network switch gives none, and the account in use stays signable); which addresses a
   * request may use is the connector's connection.
   */
  const accounts = new Map<string, object>()

  const toRaw = (list: unknown): RawBitcoinAccount[] => {
    if (!Array.isArray(list)) return []
    return list.slice(0, 20).flatMap((account: unknown) => {
      if (typeof account !== 'object' || account === null) return []
      const address: unknown = Reflect.get(account, 'address')
      if (typeof address === 'string') accounts.set(address, account)
      return [
        { address, publicKey: bytesToHex(Reflect.get(account, 'publicKey')), intention: 'payment' as const },
      ]
    })
  }

  /** The wallet's authorized accounts with a chain that `chainMatches`. */
  const authorized = (chainMatches: (chain: string) => boolean): unknown[] => {
    const listed: unknown = Reflect.get(wallet, 'accounts')
    if (!Array.isArray(listed)) return []
    return listed.filter((account: unknown) => {
      const chains: unknown =
        typeof account === 'object' && account !== null ? Reflect.get(account, 'chains') : []
      return Array.isArray(chains) && chains.some((c) => typeof c === 'string' && chainMatches(c))
    })
  }

  const accountFor = (address: string): object => {
    const account = accounts.get(address)
    if (!account)
      throw new ValidationError('signing address', [
        { code: 'custom', path: ['address'], message: 'Not an address the wallet gave' },
      ])
    return account
  }

  const call = (featureName: string, method: string, ...args: unknown[]) => {
    const run = walletMethod(standardFeature(wallet, featureName), method)
    if (!run) throw new UnsupportedMethodError(featureName)
    return Promise.resolve(run(...args))
  }

  return {
    async connect() {
      const output: unknown = await call(BITCOIN_CONNECT, 'connect', { purposes: ['payment'] })
      return toRaw(
        typeof output === 'object' && output !== null ? Reflect.get(output, 'accounts') : undefined,
      )
    },
    // The standard's `accounts`: those the wallet already authorized this site for, readable on load
    // (its Bitcoin ones: a multi-chain wallet may list others).
    async restore() {
      return toRaw(authorized((chain) => chain.startsWith('bitcoin:')))
    },
    // The standard cannot ask a wallet to change network: the accounts it authorized on that one.
    async switchNetwork(caipNetworkId) {
      const wanted = caipNetworkId === BITCOIN_MAINNET ? 'bitcoin:mainnet' : 'bitcoin:testnet'
      return toRaw(authorized((chain) => chain === wanted))
    },
    async request({ method, params }) {
      if (method === 'signMessage') {
        if (params.protocol === 'ecdsa') throw new UnsupportedMethodError('signMessage with ecdsa')
        const address = params.address ?? params.account
        const output = firstOutput(
          await call(SIGN_MESSAGE, 'signMessage', {
            account: accountFor(address),
            message: new TextEncoder().encode(params.message),
          }),
        )
        return { address, signature: bytesToHex(Reflect.get(output, 'signature')) }
      }
      if (method === 'signPsbt') {
        if (params.broadcast === true) throw new UnsupportedMethodError('signPsbt with broadcast')
        // One entry per address and sighash flag, as the standard groups input indexes.
        const groups = new Map<string, { address: string; sigHash: string | undefined; indexes: number[] }>()
        for (const { address, index, sighashTypes } of params.signInputs) {
          const type = sighashTypes?.[0] ?? 0
          if (!(type in SIGHASH_FLAGS) || (sighashTypes?.length ?? 0) > 1)
            throw new UnsupportedMethodError(`signPsbt with sighash ${sighashTypes?.join()}`)
          const sigHash = SIGHASH_FLAGS[type]
          const key = `${address}|${sigHash}`
          const group = groups.get(key) ?? { address, sigHash, indexes: [] }
          group.indexes.push(index)
          groups.set(key, group)
        }
        const output = firstOutput(
          await call(SIGN_TRANSACTION, 'signTransaction', {
            psbt: base64ToBytes(params.psbt),
            inputsToSign: [...groups.values()].map(({ address, sigHash, indexes }) => ({
              account: accountFor(address),
              signingIndexes: indexes,
              ...(sigHash ? { sigHash } : {}),
            })),
            chain: standardChain(params.account),
          }),
        )
        const signed: unknown = Reflect.get(output, 'signedPsbt')
        if (!(signed instanceof Uint8Array)) throw new ValidationError('signPsbt reply', [])
        return { psbt: bytesToBase64(signed) }
      }
      throw new UnsupportedMethodError(method)
    },
    async disconnect() {
      await walletMethod(standardFeature(wallet, 'standard:disconnect'), 'disconnect')?.()
    },
    subscribe(onEvent) {
      const off = walletMethod(standardFeature(wallet, 'standard:events'), 'on')?.(
        'change',
        (properties: unknown) => {
          if (typeof properties !== 'object' || properties === null) return
          const changed: unknown = Reflect.get(properties, 'accounts')
          if (!Array.isArray(changed)) return
          onEvent(changed.length === 0 ? 'disconnect' : { accounts: toRaw(changed) })
        },
      )
      return () => {
        if (typeof off === 'function') off()
      }
    },
  }
}
