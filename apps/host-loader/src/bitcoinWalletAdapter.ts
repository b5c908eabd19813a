import type { BitcoinWalletRequest } from '@modalkit/protocol'

/** An address as a wallet gave it, before the loader parsed it (page data: anything may be in it). */
export type RawBitcoinAccount = { address: unknown; publicKey?: unknown; intention?: 'payment' | 'ordinal' }

/** What a Bitcoin browser wallet reported: its addresses now, or that it disconnected. */
export type RawBitcoinWalletEvent = { accounts: RawBitcoinAccount[] } | 'disconnect'

/**
 * One Bitcoin browser wallet in its own dialect (Bitcoin Wallet Standard, sats-connect), behind the
 * one shape the loader's connector uses: requests in WalletConnect's bip122 shapes in, replies in
 * WalletConnect's bip122 reply shapes out (the modal parses them).
 */
export type BitcoinWalletAdapter = {
  /** Asks the wallet for the site's addresses (its own prompt), the payment one first. */
  connect(): Promise<RawBitcoinAccount[]>
  /**
   * The addresses the wallet gives the site without asking its user: none when it would have to ask;
   * throws when it could not say (asked again next time).
   */
  restore(): Promise<RawBitcoinAccount[]>
  /**
   * The wallet's addresses on another Bitcoin network (a CAIP-2 id): a wallet that can change
   * network is asked to (its own prompt); one that cannot gives the accounts it has there, if any.
   */
  switchNetwork(caipNetworkId: string): Promise<RawBitcoinAccount[]>
  /** A request other than getAccountAddresses (the connector answers that from the connection). */
  request(request: Exclude<BitcoinWalletRequest, { method: 'getAccountAddresses' }>): Promise<unknown>
  disconnect(): Promise<void>
  /** Follows the wallet's events; returns how to stop. */
  subscribe(onEvent: (event: RawBitcoinWalletEvent) => void): () => void
}

/** A function the wallet exposes, called on the wallet (page data: a missing one is undefined). */
export function walletMethod(target: unknown, name: string): ((...args: unknown[]) => unknown) | undefined {
  if (typeof target !== 'object' || target === null) return undefined
  const method: unknown = Reflect.get(target, name)
  return typeof method === 'function' ? (...args: unknown[]) => method.apply(target, args) : undefined
}

/** The Bitcoin Wallet Standard's connect feature: what discovery looks for (`@exodus/bitcoin-wallet-standard`). */
export const BITCOIN_CONNECT = 'bitcoin:connect'

/** A Wallet Standard wallet's feature object, when it has one by that name. */
export function standardFeature(wallet: unknown, name: string): object | undefined {
  if (typeof wallet !== 'object' || wallet === null) return undefined
  const features: unknown = Reflect.get(wallet, 'features')
  if (typeof features !== 'object' || features === null) return undefined
  const feature: unknown = Reflect.get(features, name)
  return typeof feature === 'object' && feature !== null ? feature : undefined
}

/** Bytes as hex, for a value the wallet said is bytes (anything else is not). */
export function bytesToHex(bytes: unknown): string | undefined {
  if (!(bytes instanceof Uint8Array)) return undefined
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A PSBT signInput's sighash type as the Wallet Standard's flag (0, SIGHASH_DEFAULT, is no flag). */
export const SIGHASH_FLAGS: Record<number, string | undefined> = {
  0: undefined,
  1: 'ALL',
  2: 'NONE',
  3: 'SINGLE',
  129: 'ALL|ANYONECANPAY',
  130: 'NONE|ANYONECANPAY',
  131: 'SINGLE|ANYONECANPAY',
}
