import * as z from 'zod/mini'
import { caipNetworkIdSchema, namespaceSchema } from './caip.ts'
import { imageUrlSchema } from './imageUrl.ts'
import { stringRecord } from './stringRecord.ts'
import { walletIdSchema, walletLinkSchema, walletPageSchema } from './walletDirectory.ts'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export const socialProviderSchema = z.enum(SOCIAL_PROVIDERS)
export type SocialProvider = z.infer<typeof socialProviderSchema>
/** AppKit's `features.socials` names: the OAuth providers and Farcaster (its own login). */
export const LOGIN_SOCIALS = [...SOCIAL_PROVIDERS, 'farcaster'] as const
export const loginSocialSchema = z.enum(LOGIN_SOCIALS)
export type LoginSocial = z.infer<typeof loginSocialSchema>

export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const

/** SPEC §1 features: each is on unless set false. */
export const featuresSchema = z.strictObject({
  email: z.optional(z.boolean()),
  socials: z.optional(z.union([z.literal(false), z.array(loginSocialSchema).check(z.maxLength(7))])),
  swaps: z.optional(z.boolean()),
  send: z.optional(z.boolean()),
  receive: z.optional(z.boolean()),
  onramp: z.optional(z.boolean()),
  activity: z.optional(z.boolean()),
  pay: z.optional(z.boolean()),
  reownBranding: z.optional(z.boolean()),
  multiWallet: z.optional(z.boolean()),
  /** Reown AppKit's `features.analytics`: false sends no event to the API (the host page still gets them). */
  analytics: z.optional(z.boolean()),
  connectMethodsOrder: z.optional(z.array(z.enum(CONNECT_METHODS)).check(z.maxLength(3))),
  /** The project's paymaster pays its users' smart-account gas. Off unless set true (it costs). */
  sponsoredGas: z.optional(z.boolean()),
  /**
   * What the paymaster may spend for the project in a day, in wei (decimal strings): in all
   * (`projectWeiPerDay`) and for one user (`userWeiPerDay`). Each sponsorship counts its signed
   * maximum cost. Absent: the API's defaults (DEFAULT_SPONSORSHIP_BUDGET).
   */
  sponsoredGasBudget: z.optional(
    z.strictObject({
      projectWeiPerDay: z.string().check(z.regex(/^\d{1,30}$/)),
      userWeiPerDay: z.string().check(z.regex(/^\d{1,30}$/)),
    }),
  ),
})
export type Features = z.infer<typeof featuresSchema>

export const themeModeSchema = z.enum(['light', 'dark'])
export type ThemeMode = z.infer<typeof themeModeSchema>

/** Theme variables, named as AppKit's (`--w3m-accent`, `--w3m-z-index`, ...). */
export const themeVariablesSchema = stringRecord(
  z.string().check(z.regex(/^--w3m-[a-z0-9-]{1,40}$/)),
  z.union([z.string().check(z.maxLength(200), z.regex(/^[^;{}<>]*$/)), z.number()]),
)
export type ThemeVariables = z.infer<typeof themeVariablesSchema>

/**
 * The theme as the modal passes it to the secure frame (SPEC §7 sync theme), and as the frame passes
 * it on to its approval popup: AppKit's variables by either name (`--w3m-*`, `--apkt-*`); the frame
 * keeps the ones it draws with and drops unsafe values itself.
 */
export const frameThemeSchema = z.strictObject({
  themeMode: themeModeSchema,
  themeVariables: z.optional(
    stringRecord(z.string().check(z.maxLength(64)), z.union([z.string().check(z.maxLength(200)), z.number()]))
      // AppKit has a few dozen theme variables: more is not a theme.
      .check(z.refine((variables) => Object.keys(variables).length <= 64)),
  ),
})
export type FrameTheme = z.infer<typeof frameThemeSchema>

export const metadataSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  description: z.optional(z.string().check(z.maxLength(500))),
  url: z.optional(z.string().check(z.maxLength(500))),
  icons: z.optional(z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(8))),
})
export type Metadata = z.infer<typeof metadataSchema>

export const siwxOptionsSchema = z.strictObject({
  /** Sign-in is required: closing is disabled in the sign and approve views without a session. */
  required: z.optional(z.boolean()),
  statement: z.optional(z.string().check(z.maxLength(500), z.regex(/^[^\n\r]*$/))),
  /**
   * The site gave its own verifier (AppKit's SIWX callbacks): the loader keeps the functions and
   * serves them over the channel (`hostInputs`' `siwx*`); without it, the API verifies.
   */
  custom: z.optional(z.boolean()),
})

/** AppKit's `allWallets`: the Connect view's "All Wallets" entry always, never, or on phones only. */
export const ALL_WALLETS_MODES = ['SHOW', 'HIDE', 'ONLY_MOBILE'] as const

/**
 * A wallet the site lists itself (AppKit's `customWallets`), in AppKit's field names. Links are
 * checked as the directory's are (a `javascript:` link would run in the modal's origin); AppKit's
 * other fields (`image_id`, `link_mode`, ...) are dropped. `null` is AppKit's "none".
 */
export const customWalletSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_.-]+$/)),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  homepage: z.optional(z.nullable(walletPageSchema)),
  image_url: z.optional(z.nullable(imageUrlSchema)),
  mobile_link: z.optional(z.nullable(walletLinkSchema)),
  desktop_link: z.optional(z.nullable(walletLinkSchema)),
  webapp_link: z.optional(z.nullable(walletPageSchema)),
  app_store: z.optional(z.nullable(walletPageSchema)),
  play_store: z.optional(z.nullable(walletPageSchema)),
})
export type CustomWallet = z.infer<typeof customWalletSchema>

/**
 * The options a site passes to `window.appkit.init()` or the script tag (SPEC §1), as the modal
 * receives them. Loader-only options (the embed target element) never cross the boundary.
 */
export const initOptionsSchema = z.strictObject({
  projectId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/)),
  networks: z.optional(z.array(caipNetworkIdSchema).check(z.minLength(1), z.maxLength(100))),
  defaultNetwork: z.optional(caipNetworkIdSchema),
  adapters: z.optional(z.array(namespaceSchema).check(z.maxLength(5))),
  metadata: z.optional(metadataSchema),
  features: z.optional(featuresSchema),
  themeMode: z.optional(themeModeSchema),
  themeVariables: z.optional(themeVariablesSchema),
  /** The modal's language as a BCP 47 tag (`es`, `zh-CN`); unset, it follows the browser. */
  locale: z.optional(z.string().check(z.maxLength(35), z.regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/))),
  enableEmbedded: z.optional(z.boolean()),
  manualControl: z.optional(z.boolean()),
  /** AppKit's `enableReconnect`: on load, the wallets of the last visit reconnect (default true). */
  enableReconnect: z.optional(z.boolean()),
  basic: z.optional(z.boolean()),
  siwx: z.optional(siwxOptionsSchema),
  /** SPEC §4: the embedded wallet's account type per namespace when the user has not chosen one. */
  defaultAccountTypes: z.optional(
    z.strictObject({
      eip155: z.optional(z.enum(['eoa', 'smartAccount'])),
      solana: z.optional(z.enum(['eoa', 'smartAccount'])),
    }),
  ),
  /** Older name of siwx: accepted only to report the conflict (SPEC §1). */
  siweConfig: z.optional(siwxOptionsSchema),
  debug: z.optional(z.boolean()),
  /** SPEC §7: `false` turns the secure frame's logger off (its URL's `enableLogger`); default on. */
  enableLogger: z.optional(z.boolean()),
  /** AppKit's wallet list: directory wallets first in Connect and AllWallets, in this order. */
  featuredWalletIds: z.optional(z.array(walletIdSchema).check(z.maxLength(20))),
  /** Only these directory wallets, in this order, in Connect and AllWallets. */
  includeWalletIds: z.optional(z.array(walletIdSchema).check(z.maxLength(100))),
  /** Directory wallets never listed. */
  excludeWalletIds: z.optional(z.array(walletIdSchema).check(z.maxLength(100))),
  /** Wallets the site lists itself, after the featured ones. */
  customWallets: z.optional(z.array(customWalletSchema).check(z.maxLength(20))),
  allWallets: z.optional(z.enum(ALL_WALLETS_MODES)),
})
export type InitOptions = z.infer<typeof initOptionsSchema>
