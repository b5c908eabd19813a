import * as z from 'zod/mini'
import { projectIdSchema } from './api.ts'
import { socialProviderSchema } from './initOptions.ts'

/**
 * Bodies of the embedded wallet's backend (`/v1/auth/*`): e-mail login and update (SPEC §4), device
 * approval, sessions, auth-share custody and social login. The API parses every request with these;
 * the secure frame parses every reply.
 */

/** SPEC §5: a valid e-mail format, at most 254 characters (RFC 5321 path limit). */
export const emailSchema = z.email().check(z.maxLength(254))

/** SPEC §5: the OTP is a string; ours are always six digits. */
export const otpSchema = z.string().check(z.regex(/^[0-9]{6}$/))

/** Random id the secure frame keeps in its own storage for this browser (never a fingerprint). */
export const deviceIdSchema = z.string().check(z.minLength(16), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))

/** Opaque ids and tokens minted by the API: URL-safe base64 of random bytes. */
const tokenSchema = z.string().check(z.minLength(16), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))
export const requestIdSchema = tokenSchema

/** A site origin as the browser reports it (checked against the project's allowlist by the API). */
export const siteOriginSchema = z.string().check(z.minLength(1), z.maxLength(300))

export const EMAIL_LOGIN_ACTIONS = ['VERIFY_OTP', 'VERIFY_DEVICE'] as const
export const emailLoginActionSchema = z.enum(EMAIL_LOGIN_ACTIONS)
export type EmailLoginAction = z.infer<typeof emailLoginActionSchema>

/** `POST /v1/auth/email/start`. */
export const emailStartRequestSchema = z.strictObject({
  projectId: projectIdSchema,
  email: emailSchema,
  siteOrigin: siteOriginSchema,
  deviceId: deviceIdSchema,
})
export type EmailStartRequest = z.infer<typeof emailStartRequestSchema>
export const emailStartReplySchema = z.strictObject({
  requestId: requestIdSchema,
  action: emailLoginActionSchema,
})
export type EmailStartReply = z.infer<typeof emailStartReplySchema>

/** `GET /v1/auth/email/status?requestId=…`: `VERIFY_OTP` once the device is approved. */
export const emailStatusQuerySchema = z.strictObject({ requestId: requestIdSchema })
export const emailStatusReplySchema = z.strictObject({ action: emailLoginActionSchema })
export type EmailStatusReply = z.infer<typeof emailStatusReplySchema>

/** `POST /v1/auth/email/verify`. */
export const emailVerifyRequestSchema = z.strictObject({ requestId: requestIdSchema, otp: otpSchema })
export type EmailVerifyRequest = z.infer<typeof emailVerifyRequestSchema>

/** `GET /v1/auth/device/approve?token=…` (the link in the device-approval mail). */
export const deviceApproveQuerySchema = z.strictObject({ token: tokenSchema })

export const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
export const solanaAddressSchema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/))
/** The embedded wallet's public addresses, one per namespace it derives. */
export const walletAddressesSchema = z.strictObject({
  eip155: evmAddressSchema,
  solana: solanaAddressSchema,
})
export type WalletAddresses = z.infer<typeof walletAddressesSchema>

/** The logged-in user as the secure frame sees it; `addresses` is null until the wallet exists. */
export const authUserSchema = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
  email: z.nullable(z.string()),
  addresses: z.nullable(walletAddressesSchema),
})
export type AuthUser = z.infer<typeof authUserSchema>

/** Reply of a completed login (e-mail or social): a bearer token for `Authorization: Bearer`. */
export const loginReplySchema = z.strictObject({
  sessionToken: z.string().check(z.minLength(32), z.maxLength(128)),
  user: z.extend(authUserSchema, { isNewUser: z.boolean() }),
})
export type LoginReply = z.infer<typeof loginReplySchema>

/** `GET /v1/auth/session`. */
export const sessionReplySchema = z.strictObject({ user: authUserSchema })
export type SessionReply = z.infer<typeof sessionReplySchema>

/** Largest auth share: 1 KiB of bytes, as base64. */
export const MAX_AUTH_SHARE_BYTES = 1024
export const authShareSchema = z.string().check(
  z.minLength(4),
  z.maxLength(Math.ceil(MAX_AUTH_SHARE_BYTES / 3) * 4),
  z.regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/),
  // The length bound alone lets 1026 bytes through: count the bytes the padding leaves.
  z.refine((s) => (s.length / 4) * 3 - (s.match(/=+$/)?.[0].length ?? 0) <= MAX_AUTH_SHARE_BYTES, 'too_big'),
)

/**
 * `PUT /v1/auth/share`: the first share, with the wallet's addresses. An existing share is never
 * overwritten here: a replacement needs the account's signature (`replaceShareRequestSchema`).
 */
export const putShareRequestSchema = z.strictObject({
  share: authShareSchema,
  addresses: walletAddressesSchema,
})
export type PutShareRequest = z.infer<typeof putShareRequestSchema>
export const putShareReplySchema = z.strictObject({ addresses: walletAddressesSchema })
/** `GET /v1/auth/share`. */
export const getShareReplySchema = z.strictObject({
  share: authShareSchema,
  addresses: walletAddressesSchema,
})
export type GetShareReply = z.infer<typeof getShareReplySchema>

/** SPEC §4 e-mail update. */
export const emailUpdateStartRequestSchema = z.strictObject({ newEmail: emailSchema })
export const emailUpdateStartReplySchema = z.strictObject({
  requestId: requestIdSchema,
  action: z.literal('VERIFY_PRIMARY_OTP'),
})
export const emailUpdateVerifyRequestSchema = z.strictObject({ requestId: requestIdSchema, otp: otpSchema })
export const emailUpdateVerifyPrimaryReplySchema = z.strictObject({
  action: z.literal('VERIFY_SECONDARY_OTP'),
})
export const emailUpdateVerifySecondaryReplySchema = z.strictObject({ newEmail: emailSchema })

/** PKCE S256 challenge: base64url of a SHA-256 digest (RFC 7636: 43 characters). */
export const codeChallengeSchema = z.string().check(z.regex(/^[-_a-zA-Z0-9]{43}$/))
/** RFC 7636 code verifier: 43–128 unreserved characters. */
export const codeVerifierSchema = z.string().check(z.regex(/^[-._~a-zA-Z0-9]{43,128}$/))

/** `POST /v1/auth/social/start`. */
export const socialStartRequestSchema = z.strictObject({
  projectId: projectIdSchema,
  provider: socialProviderSchema,
  siteOrigin: siteOriginSchema,
  deviceId: deviceIdSchema,
  codeChallenge: codeChallengeSchema,
  redirectUri: z.string().check(z.minLength(1), z.maxLength(500)),
})
export type SocialStartRequest = z.infer<typeof socialStartRequestSchema>
export const socialStartReplySchema = z.strictObject({
  authorizationUrl: z.string().check(z.maxLength(4000)),
  state: tokenSchema,
})
export type SocialStartReply = z.infer<typeof socialStartReplySchema>

/** `POST /v1/auth/social/finish`: what the provider sent to the redirect, plus the PKCE verifier. */
export const socialFinishRequestSchema = z.strictObject({
  state: tokenSchema,
  code: z.string().check(z.minLength(1), z.maxLength(2000)),
  codeVerifier: codeVerifierSchema,
  /** RFC 9207: sent by the providers that send it (Google); GitHub, X, Discord, Facebook and Apple do not. */
  iss: z.optional(z.string().check(z.minLength(1), z.maxLength(500))),
})
export type SocialFinishRequest = z.infer<typeof socialFinishRequestSchema>

/**
 * Error codes of the auth endpoints, beside the shared ones (`validation_error`, `rate_limited`,
 * `invalid_project_id`, `invalid_app_configuration`): the frame picks its message by code.
 */
export const AUTH_ERROR_CODES = [
  'unknown_request',
  'invalid_otp',
  'otp_expired',
  'otp_burned',
  'otp_used',
  'device_not_approved',
  'session_expired',
  'share_exists',
  'share_not_found',
  'stale_session',
  'origin_not_allowed',
  'email_in_use',
  'no_primary_email',
  'social_disabled',
  'social_start_failed',
  'connection_rejected',
  'invalid_nonce',
  'invalid_signature',
  'farcaster_connect_failed',
] as const
export const authErrorCodeSchema = z.enum(AUTH_ERROR_CODES)
export type AuthErrorCode = z.infer<typeof authErrorCodeSchema>
