import * as z from 'zod/mini'
import { namespaceSchema } from './caip.ts'

/** A deep link base: a native scheme (`metamask://`) or an https universal link. */
const linkSchema = z.string().check(z.maxLength(200), z.regex(/^([a-z][a-z0-9+.-]*:\/\/|https:\/\/)/i))

/** One wallet of the WalletConnect wallet directory (AllWallets, SPEC §2), as the API serves it. */
export const directoryWalletSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9-]+$/)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  /** An image URL of the API (the modal shows it only as an `<img>`). */
  imageUrl: z.string().check(z.maxLength(300), z.regex(/^(https?:\/\/|\/)/)),
  mobile: z.strictObject({ native: z.optional(linkSchema), universal: z.optional(linkSchema) }),
  desktop: z.strictObject({ native: z.optional(linkSchema), universal: z.optional(linkSchema) }),
  namespaces: z.array(namespaceSchema).check(z.maxLength(5)),
  /** The EIP-6963 rdns of its browser extension, to match an announced wallet. */
  rdns: z.optional(z.string().check(z.maxLength(100))),
})
export type DirectoryWallet = z.infer<typeof directoryWalletSchema>

/** Query of `GET /v1/wallets`: search by name, filter by chains, paged. */
export const walletDirectoryQuerySchema = z.strictObject({
  projectId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/)),
  search: z.optional(z.string().check(z.maxLength(64))),
  /** Comma-separated namespaces; a wallet matches when it supports one of them. */
  namespaces: z.optional(
    z
      .string()
      .check(
        z.regex(/^(eip155|solana|polkadot|bip122|cosmos)(,(eip155|solana|polkadot|bip122|cosmos)){0,4}$/),
      ),
  ),
  page: z.optional(z.string().check(z.regex(/^[1-9][0-9]{0,3}$/))),
  entries: z.optional(z.string().check(z.regex(/^[1-9][0-9]?$/))),
})

export const walletDirectoryReplySchema = z.strictObject({
  count: z.number().check(z.int(), z.minimum(0)),
  data: z.array(directoryWalletSchema).check(z.maxLength(99)),
})
export type WalletDirectoryReply = z.infer<typeof walletDirectoryReplySchema>
