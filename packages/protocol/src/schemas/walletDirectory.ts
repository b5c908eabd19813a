import * as z from 'zod/mini'
import { namespaceSchema } from './caip.ts'

/**
 * Schemes that act in the page that follows the link instead of handing it to a wallet app:
 * `javascript:` runs script in the modal's origin (`javascript://%0a…` passes for a `scheme://`
 * base), `data:`, `blob:` and `file:` load a document, `http:` leaves the pairing URI in the clear.
 */
const PAGE_SCHEMES = new Set([
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'http',
])

/**
 * A deep link base: a native scheme (`metamask://`) or an https universal link, never one of the
 * schemes above. The modal puts it in an `href` with the pairing URI appended.
 */
export const walletLinkSchema = z.string().check(
  z.maxLength(200),
  z.regex(/^([a-z][a-z0-9+.-]*:\/\/|https:\/\/)/i),
  z.refine((link) => !PAGE_SCHEMES.has(link.slice(0, link.indexOf(':')).toLowerCase()), 'Unsafe wallet link'),
)

/** A wallet's id in the directory: WalletGuide's (64 hex digits) or one of ours (`metamask`). */
export const walletIdSchema = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[a-z0-9-]+$/))

/** An https page a wallet names (its homepage, its app store pages). */
export const walletPageSchema = z.string().check(
  z.maxLength(500),
  z.refine((value) => /^https:\/\/[^/?#\s]/.test(value) && URL.canParse(value), 'Invalid URL'),
)

/** One wallet of the WalletConnect wallet directory (AllWallets, SPEC §2), as the API serves it. */
export const directoryWalletSchema = z.strictObject({
  id: walletIdSchema,
  /** Its id in WalletGuide (the directory AppKit reads), where ours differs: sites name wallets by it. */
  walletGuideId: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  /** An image URL of the API (the modal shows it only as an `<img>`). */
  imageUrl: z.string().check(z.maxLength(300), z.regex(/^(https?:\/\/|\/)/)),
  mobile: z.strictObject({ native: z.optional(walletLinkSchema), universal: z.optional(walletLinkSchema) }),
  desktop: z.strictObject({ native: z.optional(walletLinkSchema), universal: z.optional(walletLinkSchema) }),
  namespaces: z.array(namespaceSchema).check(z.maxLength(5)),
  /** The EIP-6963 rdns of its browser extension, to match an announced wallet. */
  rdns: z.optional(z.string().check(z.maxLength(100))),
  /** Where to get it: its homepage, and its pages in Apple's and Google's app stores. */
  homepage: z.optional(walletPageSchema),
  appStore: z.optional(walletPageSchema),
  playStore: z.optional(walletPageSchema),
})
export type DirectoryWallet = z.infer<typeof directoryWalletSchema>

/** At most 120 wallet ids, comma-separated: a site's 100 excluded and its 20 featured (shown apart). */
const WALLET_ID_LIST = /^[a-z0-9-]{1,64}(,[a-z0-9-]{1,64}){0,119}$/

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
  /** Comma-separated wallet ids (ours or WalletGuide's): only these, in this order (AppKit's `include`). */
  include: z.optional(z.string().check(z.regex(WALLET_ID_LIST))),
  /** Comma-separated wallet ids (ours or WalletGuide's) left out (AppKit's `exclude`). */
  exclude: z.optional(z.string().check(z.regex(WALLET_ID_LIST))),
})

export const walletDirectoryReplySchema = z.strictObject({
  count: z.number().check(z.int(), z.minimum(0)),
  data: z.array(directoryWalletSchema).check(z.maxLength(99)),
})
export type WalletDirectoryReply = z.infer<typeof walletDirectoryReplySchema>
