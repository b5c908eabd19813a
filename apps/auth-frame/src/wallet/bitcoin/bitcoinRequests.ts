import {
  type BitcoinParams,
  type BitcoinReply,
  BitcoinTransferUnsupportedError,
  InvalidCaipNetworkIdError,
  isBitcoinMethod,
  parseBitcoinParams,
  RequestAbortedError,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { bytesToHex } from '@noble/hashes/utils'
import { phrase } from '../../i18n/phrase.ts'
import {
  type BitcoinAccount,
  type BitcoinChain,
  bitcoinAccountOf,
  deriveBitcoinAccount,
  deriveBitcoinKey,
} from '../../keys/bitcoin/bitcoinKey.ts'
import { checkPsbt, describePsbt, signCheckedPsbt } from '../../keys/bitcoin/bitcoinPsbt.ts'
import { signBip137, signBip322Simple } from '../../keys/bitcoin/signBitcoinMessage.ts'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import type { RequestDescription } from '../../keys/RequestDescription.ts'
import type { WalletRequest } from '../WalletRequest.ts'

/**
 * The embedded wallet's Bitcoin requests, loaded with the first one: the bip122 methods
 * as WalletConnect's Bitcoin RPC shapes them, for the BIP-84 account of the seed. Every refusal
 * happens while describing, before the approval shows and before the seed is rebuilt; signing parses
 * and checks everything again.
 */

/** Genesis block hashes (CAIP-2 bip122 references) of the networks the wallet signs for. */
const CHAINS: Readonly<Record<string, BitcoinChain>> = {
  '000000000019d6689c085ae165831e93': 'mainnet',
  '000000000933ea01ad0ee984209779ba': 'testnet', // testnet3
  '00000000da84f2bafbbc53dee25a72ae': 'testnet', // testnet4
  '00000008819873e925422c1ff0f99f7c': 'testnet', // signet
}

/** The request's Bitcoin network: mainnet or a test network. */
export function bitcoinChainOf(request: WalletRequest): BitcoinChain {
  const text = String(request.chainId)
  const reference = text.startsWith('bip122:') ? text.slice('bip122:'.length) : text
  const chain = request.chainNamespace === 'bip122' ? CHAINS[reference] : undefined
  if (!chain) throw new InvalidCaipNetworkIdError(text)
  return chain
}

export { deriveBitcoinAccount }

/** getAccountAddresses: the one payment address, without an approval (public data). */
export function accountAddresses(account: BitcoinAccount): BitcoinReply<'getAccountAddresses'> {
  return [
    { address: account.address, publicKey: account.publicKey, path: account.path, intention: 'payment' },
  ]
}

/** getAccountAddresses' params, parsed: a site may name the account, only as this one. */
export function checkAddressesParams(request: WalletRequest, account: BitcoinAccount): void {
  const params = parseBitcoinParams('getAccountAddresses', request.params)
  if (params.account !== undefined && params.account !== account.address)
    throw new AccountMismatchError(params.account)
}

function parse(request: WalletRequest, account: BitcoinAccount) {
  const { method } = request
  if (!isBitcoinMethod(method)) throw new UnsupportedMethodError(method)
  if (method === 'sendTransfer') throw new BitcoinTransferUnsupportedError()
  const params = parseBitcoinParams(method, request.params)
  if (params.account !== undefined && params.account !== account.address)
    throw new AccountMismatchError(params.account)
  if (method === 'signMessage') {
    const message = params as BitcoinParams<'signMessage'>
    if (message.address !== undefined && message.address !== account.address)
      throw new AccountMismatchError(message.address)
    return { method, message } as const
  }
  if (method === 'signPsbt') {
    return { method, checked: checkPsbt(params as BitcoinParams<'signPsbt'>, account) }
  }
  throw new UnsupportedMethodError(method)
}

/** What the approval shows: the message as text, or the PSBT's outputs, signed inputs and fee. */
export function describeBitcoinRequest(request: WalletRequest, account: BitcoinAccount): RequestDescription {
  const parsed = parse(request, account)
  if (parsed.method === 'signMessage')
    return {
      method: parsed.method,
      title: phrase('title.signMessage'),
      fields: [
        { label: phrase('field.message'), value: parsed.message.message },
        { label: phrase('field.account'), value: account.address },
      ],
    }
  return {
    method: parsed.method,
    title: phrase('title.signTransaction'),
    fields: describePsbt(parsed.checked, account),
  }
}

export type SignBitcoinParameters = {
  request: WalletRequest
  account: BitcoinAccount
  withWalletSeed: <T>(fn: (seed: Uint8Array) => T) => Promise<T>
  signal?: AbortSignal | undefined
}

/** Performs an APPROVED Bitcoin request: the key is derived for this call only and wiped. */
export async function signBitcoinRequest({
  request,
  account,
  withWalletSeed,
  signal,
}: SignBitcoinParameters): Promise<unknown> {
  const parsed = parse(request, account)
  if (signal?.aborted) throw new RequestAbortedError()
  const withKey = <T>(fn: (key: Uint8Array) => T) =>
    withWalletSeed((seed) => {
      const key = deriveBitcoinKey(seed, account.chain)
      try {
        // The key must be the account's that was shown: a seed of another wallet signs nothing.
        if (bitcoinAccountOf(key, account.chain).address !== account.address)
          throw new AccountMismatchError(account.address)
        return fn(key)
      } finally {
        key.fill(0)
      }
    })
  if (parsed.method === 'signMessage') {
    const { message, protocol } = parsed.message
    const signature = await withKey((key) =>
      protocol === 'ecdsa' ? signBip137(key, message) : signBip322Simple(key, account, message),
    )
    return { address: account.address, signature: bytesToHex(signature) }
  }
  return { psbt: await withKey((key) => signCheckedPsbt(parsed.checked, key)) }
}
