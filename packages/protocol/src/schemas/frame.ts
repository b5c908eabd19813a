import * as z from 'zod/mini'
import { nodeRpcErrorSchema } from '../errors/nodeRpcErrorSchema.ts'
import { siwxMessageSchema } from '../siwx/siwxMessage.ts'
import { emailSchema, otpSchema } from './auth.ts'
import { namespaceSchema } from './caip.ts'
import { frameThemeSchema, socialProviderSchema } from './initOptions.ts'
import { localeSchema } from './locale.ts'

/**
 * Messages between the modal and the secure frame (SPEC §7): the modal's requests `@w3m-app/<TYPE>`,
 * the frame's replies `@w3m-frame/<TYPE>_SUCCESS` and `@w3m-frame/<TYPE>_ERROR`, and the frame's
 * events. Every message carries an `id`; a reply answers exactly one request, once. Both sides parse
 * every message with these schemas, after checking the sender's window and origin.
 */
export const APP_PREFIX = '@w3m-app/'
export const FRAME_PREFIX = '@w3m-frame/'

/** One-shot correlation id minted by the modal for each request. */
const idSchema = z.string().check(z.regex(/^[0-9a-f]{32}$/))
const chainIdSchema = z.union([z.number().check(z.int(), z.positive()), z.string().check(z.maxLength(80))])
const rpcUrlSchema = z.string().check(z.maxLength(500), z.regex(/^https?:\/\//))
/** SPEC §3: an embedded wallet account is an EOA or a smart account. */
export const accountTypeSchema = z.enum(['eoa', 'smartAccount'])
export type AccountType = z.infer<typeof accountTypeSchema>

/** Each request type with its payload (SPEC §7, names as AppKit's). */
export const FRAME_REQUESTS = {
  SWITCH_NETWORK: z.strictObject({ chainId: chainIdSchema, rpcUrl: z.optional(rpcUrlSchema) }),
  CONNECT_EMAIL: z.strictObject({ email: emailSchema }),
  CONNECT_DEVICE: z.strictObject({}),
  CONNECT_OTP: z.strictObject({ otp: otpSchema }),
  // No text here. The recovery text is typed into the secure frame's own screen.
  CONNECT_RECOVERY: z.strictObject({}),
  CONNECT_SOCIAL: z.strictObject({ uri: z.string().check(z.maxLength(2000)) }),
  GET_SOCIAL_REDIRECT_URI: z.strictObject({ provider: socialProviderSchema }),
  /** The frame opens a Farcaster relay channel and answers its sign-in link. */
  GET_FARCASTER_URI: z.strictObject({}),
  /** The frame polls that channel, verifies the signed message and logs in. */
  CONNECT_FARCASTER: z.strictObject({}),
  GET_USER: z.strictObject({ chainId: z.optional(chainIdSchema) }),
  IS_CONNECTED: z.strictObject({}),
  SIGN_OUT: z.strictObject({}),
  GET_CHAIN_ID: z.strictObject({}),
  EXPORT_RECOVERY: z.strictObject({}),
  // The user asks for a new recovery text. No text either way: the frame shows the new one
  // in its own screen and replaces the share only once it was typed back there.
  ROTATE_RECOVERY: z.strictObject({}),
  RPC_REQUEST: z.strictObject({
    method: z.string().check(z.minLength(1), z.maxLength(100)),
    params: z.optional(z.unknown()),
    chainId: chainIdSchema,
    chainNamespace: namespaceSchema,
    rpcUrl: z.optional(rpcUrlSchema),
    /**
     * The network's name as the site configured it. Optional (older modals omit it); the secure
     * frame shows it only for chains missing from its own table, marked as named by the site.
     */
    networkName: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    /**
     * The modal's own read of the Bitcoin address at login. Answered only where the user
     * already allowed the site to see it, never with a screen; otherwise 4100.
     */
    silent: z.optional(z.literal(true)),
  }),
  RPC_ABORT: z.strictObject({}),
  /**
   * The user stops sharing the Bitcoin address with the site the frame serves: that site's grant
   * alone goes (no site is named here, so none can be another's); its next request asks again.
   */
  REVOKE_BITCOIN_GRANT: z.strictObject({}),
  UPDATE_EMAIL: z.strictObject({ email: emailSchema }),
  UPDATE_EMAIL_PRIMARY_OTP: z.strictObject({ otp: otpSchema }),
  UPDATE_EMAIL_SECONDARY_OTP: z.strictObject({ otp: otpSchema }),
  SET_PREFERRED_ACCOUNT: z.strictObject({ type: accountTypeSchema }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.strictObject({}),
  /**
   * The site's sign-in message right after an e-mail, social or device login, signed with
   * that login as the user's one approval. The frame writes the text from these fields itself.
   */
  SIWX_SIGN_AT_LOGIN: z.strictObject({ message: siwxMessageSchema }),
  SYNC_THEME: frameThemeSchema,
  /**
   * The modal's language, when the frame is ready and whenever it changes; the frame's
   * screens speak it from then on (one already on screen keeps its language until answered).
   */
  SYNC_LOCALE: z.strictObject({ locale: localeSchema }),
  SYNC_DAPP_DATA: z.strictObject({
    projectId: z.string().check(z.maxLength(128)),
    sdkVersion: z.string().check(z.maxLength(64)),
    /** The site as the browser reported it to the modal: the e-mails name it. */
    siteOrigin: z.string().check(z.maxLength(300)),
    name: z.optional(z.string().check(z.maxLength(100))),
  }),
} as const
export type FrameRequestType = keyof typeof FRAME_REQUESTS
export type FrameRequestPayload<T extends FrameRequestType> = z.infer<(typeof FRAME_REQUESTS)[T]>

/** A request as it crosses: `{ type: '@w3m-app/CONNECT_EMAIL', id, payload }`. */
export const frameRequestSchema = z.strictObject({
  type: z.string().check(z.startsWith(APP_PREFIX), z.maxLength(64)),
  id: idSchema,
  payload: z.unknown(),
})

const accountSchema = z.strictObject({
  namespace: namespaceSchema,
  address: z.string().check(z.maxLength(64)),
  type: accountTypeSchema,
})

/** SPEC §3 embedded-wallet user, as the frame reports it (public data only). */
export const frameUserSchema = z.strictObject({
  email: z.optional(z.nullable(z.string().check(z.maxLength(254)))),
  address: z.string().check(z.maxLength(64)),
  chainId: chainIdSchema,
  userName: z.optional(z.string().check(z.maxLength(100))),
  accounts: z.array(accountSchema).check(z.maxLength(4)),
  preferredAccountType: z.optional(accountTypeSchema),
  smartAccountDeployed: z.optional(z.boolean()),
})
export type FrameUser = z.infer<typeof frameUserSchema>

/** Each request type's success payload. */
export const FRAME_REPLIES = {
  SWITCH_NETWORK: z.strictObject({ chainId: chainIdSchema }),
  CONNECT_EMAIL: z.strictObject({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT']) }),
  CONNECT_DEVICE: z.strictObject({}),
  CONNECT_OTP: z.strictObject({ needsRecovery: z.optional(z.boolean()) }),
  CONNECT_RECOVERY: z.strictObject({}),
  CONNECT_SOCIAL: z.strictObject({ needsRecovery: z.optional(z.boolean()) }),
  GET_SOCIAL_REDIRECT_URI: z.strictObject({ uri: z.string().check(z.maxLength(2000)) }),
  GET_FARCASTER_URI: z.strictObject({
    url: z.string().check(z.maxLength(2000), z.regex(/^https?:\/\//)),
    /** Epoch milliseconds: the channel and its message are refused after this. */
    expiresAt: z.number().check(z.int(), z.positive()),
  }),
  CONNECT_FARCASTER: z.strictObject({
    userName: z.optional(z.string().check(z.maxLength(100))),
    needsRecovery: z.optional(z.boolean()),
  }),
  GET_USER: frameUserSchema,
  IS_CONNECTED: z.strictObject({ isConnected: z.boolean() }),
  SIGN_OUT: z.strictObject({}),
  GET_CHAIN_ID: z.strictObject({ chainId: chainIdSchema }),
  EXPORT_RECOVERY: z.strictObject({ shown: z.boolean() }),
  ROTATE_RECOVERY: z.strictObject({}),
  RPC_REQUEST: z.unknown(),
  RPC_ABORT: z.strictObject({}),
  REVOKE_BITCOIN_GRANT: z.strictObject({}),
  UPDATE_EMAIL: z.strictObject({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  UPDATE_EMAIL_PRIMARY_OTP: z.strictObject({ action: z.literal('VERIFY_SECONDARY_OTP') }),
  UPDATE_EMAIL_SECONDARY_OTP: z.strictObject({ newEmail: emailSchema }),
  SET_PREFERRED_ACCOUNT: z.strictObject({
    type: accountTypeSchema,
    address: z.string().check(z.maxLength(64)),
  }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.strictObject({
    networks: z.array(chainIdSchema).check(z.maxLength(100)),
  }),
  SIWX_SIGN_AT_LOGIN: z.strictObject({
    signature: z
      .string()
      .check(z.minLength(1), z.maxLength(200), z.regex(/^(0x[0-9a-fA-F]+|[1-9A-HJ-NP-Za-km-z]+)$/)),
  }),
  SYNC_THEME: z.strictObject({}),
  SYNC_LOCALE: z.strictObject({}),
  SYNC_DAPP_DATA: z.strictObject({}),
} as const satisfies Record<FrameRequestType, unknown>

/** A reply as it crosses: `{ type: '@w3m-frame/CONNECT_EMAIL_SUCCESS', id, payload }`. */
export const frameReplySchema = z.strictObject({
  type: z.string().check(z.startsWith(FRAME_PREFIX), z.maxLength(80)),
  id: idSchema,
  payload: z.unknown(),
})

/** The frame's error payload (SPEC §7): a message, and an error code when it has one. */
export const frameErrorPayloadSchema = z.strictObject({
  message: z.string().check(z.maxLength(500)),
  code: z.optional(z.union([z.number(), z.string().check(z.maxLength(64))])),
  /** A chain node's own error (a revert's data), as the frame's RPC got it: the site sees it whole. */
  node: z.optional(nodeRpcErrorSchema),
})

/**
 * Events the frame sends on its own: READY once it listens (SPEC §4: wait 500 ms more before use),
 * and the approval screen's visibility so the modal can make room for it.
 */
export const frameEventSchema = z.union([
  z.strictObject({ type: z.literal(`${FRAME_PREFIX}READY`) }),
  z.strictObject({
    type: z.literal(`${FRAME_PREFIX}APPROVAL`),
    payload: z.strictObject({
      open: z.boolean(),
      height: z.optional(z.number().check(z.minimum(0), z.maximum(2000))),
    }),
  }),
])
export type FrameEvent = z.infer<typeof frameEventSchema>

/** Parses a request's payload by its type; `undefined` for an unknown type or a bad payload. */
export function parseFrameRequest(
  message: unknown,
): { type: FrameRequestType; id: string; payload: unknown } | undefined {
  const envelope = frameRequestSchema.safeParse(message)
  if (!envelope.success) return undefined
  const type = envelope.data.type.slice(APP_PREFIX.length)
  if (!Object.hasOwn(FRAME_REQUESTS, type)) return undefined
  const payload = FRAME_REQUESTS[type as FrameRequestType].safeParse(envelope.data.payload ?? {})
  if (!payload.success) return undefined
  return { type: type as FrameRequestType, id: envelope.data.id, payload: payload.data }
}

/**
 * The social login popup's callback page (on the secure origin) hands the provider's redirect URL
 * to the window that opened it (the modal), which passes it to the frame (SPEC §7 connect social
 * `{ uri }`). The code in it is useless without the PKCE verifier, which never leaves the frame.
 */
export const socialCallbackSchema = z.strictObject({
  type: z.literal(`${FRAME_PREFIX}SOCIAL_CALLBACK`),
  url: z.string().check(z.maxLength(2000), z.regex(/^https?:\/\//)),
})
