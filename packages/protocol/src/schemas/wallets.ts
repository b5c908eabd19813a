import * as z from 'zod/mini'

/** Largest icon accepted from a host-page wallet announcement (real ones are a few kilobytes). */
export const MAX_WALLET_ICON_CHARS = 12_000
/** Most wallets the loader forwards: a page announcing hundreds must not stall the modal. */
export const MAX_ANNOUNCED_WALLETS = 20

/**
 * An icon the modal may show: only as an `<img>` (an SVG there cannot run script), and only from a
 * data URL of an image type or an https URL.
 */
export const walletIconSchema = z
  .string()
  .check(
    z.maxLength(MAX_WALLET_ICON_CHARS),
    z.regex(/^(data:image\/(png|jpeg|webp|gif|svg\+xml)(;base64)?,|https:\/\/)/),
  )

/** A browser wallet the host page announced by EIP-6963 (or the legacy `window.ethereum`). */
export const announcedWalletSchema = z.strictObject({
  uuid: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  icon: z.optional(walletIconSchema),
  rdns: z.string().check(z.maxLength(100), z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i)),
  /** The legacy `window.ethereum` provider, not announced by EIP-6963. */
  legacy: z.optional(z.boolean()),
  /**
   * The page runs in this wallet's in-app browser: a mobile browser whose `window.ethereum` is this
   * wallet's provider. The modal offers it first.
   */
  inApp: z.optional(z.boolean()),
})
export type AnnouncedWallet = z.infer<typeof announcedWalletSchema>

export const announcedWalletsSchema = z.array(announcedWalletSchema).check(z.maxLength(MAX_ANNOUNCED_WALLETS))

/** What a browser wallet answered to `eth_requestAccounts` (and `eth_chainId`), called in the host page. */
export const injectedConnectionShape = {
  accounts: z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))).check(z.minLength(1), z.maxLength(50)),
  chainId: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/)),
}
export const injectedConnectionSchema = z.strictObject(injectedConnectionShape)
export type InjectedConnection = z.infer<typeof injectedConnectionSchema>

/** A browser wallet of the last visit that still has accounts for the site, found without asking it. */
export const restoredInjectedSchema = z.strictObject({
  ...injectedConnectionShape,
  wallet: announcedWalletSchema,
})
export type RestoredInjected = z.infer<typeof restoredInjectedSchema>

/** Events of the connected browser wallet, forwarded by the loader. */
export const injectedEventSchema = z.union([
  z.strictObject({
    type: z.literal('accountsChanged'),
    accounts: z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))).check(z.maxLength(50)),
  }),
  z.strictObject({
    type: z.literal('chainChanged'),
    chainId: z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/)),
  }),
  z.strictObject({ type: z.literal('disconnect') }),
])
export type InjectedEvent = z.infer<typeof injectedEventSchema>

const hexSchema = z.string().check(z.maxLength(100_000), z.regex(/^0x[0-9a-fA-F]*$/))
const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

/** The one transaction of the modal's Send, for a browser wallet's eth_sendTransaction. */
export const injectedSendParamsSchema = z.tuple([
  z.strictObject({
    from: evmAddressSchema,
    to: evmAddressSchema,
    value: hexSchema,
    data: z.optional(hexSchema),
    // Swap sends the gas the API's node estimated and the chain it was built for.
    gas: z.optional(hexSchema),
    chainId: z.optional(hexSchema),
  }),
])

/**
 * A request the modal asks the loader to send to the connected browser wallet: a chain switch, the
 * SIWX message to sign, or one plain transaction the modal built (Send, Swap's approve and
 * swap), which the wallet shows for approval (the page could ask the same itself).
 */
export const injectedRequestSchema = z.union([
  z.strictObject({
    method: z.enum(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'personal_sign']),
    params: z.array(z.unknown()).check(z.maxLength(4)),
  }),
  z.strictObject({
    method: z.literal('eth_sendTransaction'),
    params: injectedSendParamsSchema,
  }),
])
