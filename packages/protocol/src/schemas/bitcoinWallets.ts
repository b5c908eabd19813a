import * as z from 'zod/mini'
import { bitcoinAddressSchema } from './bitcoinAddress.ts'
import { MAX_ANNOUNCED_WALLETS, walletIconSchema } from './wallets.ts'

/**
 * Bitcoin browser wallets: wallets of the host page the loader found, as the Bitcoin Wallet Standard
 * (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`) or the sats-connect provider
 * shape (`window.btc_providers`, `request(method, params)`), as Xverse, Leather, Unisat and OKX
 * expose them. The loader calls them in the host page; the modal sees only these parsed shapes.
 */

/** The most addresses a Bitcoin browser wallet's connection carries. */
export const MAX_BITCOIN_WALLET_ACCOUNTS = 20

/** How a Bitcoin browser wallet is spoken to. */
export const bitcoinWalletKindSchema = z.enum(['standard', 'sats-connect'])
export type BitcoinWalletKind = z.infer<typeof bitcoinWalletKindSchema>

/** A Bitcoin browser wallet of the host page (its name and icon are the page's: untrusted). */
export const bitcoinWalletSchema = z.strictObject({
  /** The loader's id for it, unique in the page. */
  id: z.string().check(z.regex(/^[A-Za-z0-9._:-]{1,64}$/)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  icon: z.optional(walletIconSchema),
  kind: bitcoinWalletKindSchema,
})
export type BitcoinWallet = z.infer<typeof bitcoinWalletSchema>

export const bitcoinWalletsSchema = z.array(bitcoinWalletSchema).check(z.maxLength(MAX_ANNOUNCED_WALLETS))

/** One address a Bitcoin browser wallet gave the site, with its public key (hex) when it told it. */
export const bitcoinWalletAccountSchema = z.strictObject({
  address: bitcoinAddressSchema,
  publicKey: z.optional(z.string().check(z.regex(/^([0-9a-fA-F]{64}|[0-9a-fA-F]{66})$/))),
  intention: z.optional(z.enum(['payment', 'ordinal'])),
})
export type BitcoinWalletAccount = z.infer<typeof bitcoinWalletAccountSchema>

/** What connecting a Bitcoin browser wallet gave: its addresses, the payment one first. */
export const bitcoinWalletConnectionShape = {
  accounts: z
    .array(bitcoinWalletAccountSchema)
    .check(z.minLength(1), z.maxLength(MAX_BITCOIN_WALLET_ACCOUNTS)),
}
export const bitcoinWalletConnectionSchema = z.strictObject(bitcoinWalletConnectionShape)
export type BitcoinWalletConnection = z.infer<typeof bitcoinWalletConnectionSchema>

/** The Bitcoin browser wallet of the visitor's last visit, connected again without asking its user. */
export const restoredBitcoinWalletSchema = z.strictObject({
  ...bitcoinWalletConnectionShape,
  wallet: bitcoinWalletSchema,
})
export type RestoredBitcoinWallet = z.infer<typeof restoredBitcoinWalletSchema>

/** Events of the connected Bitcoin browser wallet, forwarded by the loader. */
export const bitcoinWalletEventSchema = z.union([
  z.strictObject({
    type: z.literal('accountsChanged'),
    accounts: z.array(bitcoinWalletAccountSchema).check(z.maxLength(MAX_BITCOIN_WALLET_ACCOUNTS)),
  }),
  z.strictObject({ type: z.literal('disconnect') }),
])
export type BitcoinWalletEvent = z.infer<typeof bitcoinWalletEventSchema>
