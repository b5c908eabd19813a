import * as z from 'zod/mini'
import { projectIdSchema } from './api.ts'
import { deviceIdSchema, requestIdSchema, siteOriginSchema } from './auth.ts'

/**
 * Farcaster login (SPEC §2 ConnectingFarcaster): the secure frame opens a channel on the
 * Farcaster auth relay with a nonce from the API, the user's Farcaster client signs a Sign In With
 * Farcaster message (EIP-4361, chain 10, resource `farcaster://fid/<fid>`) with the fid's custody
 * key, and the frame, then the API, verify it against the ID registry before a session exists.
 */

/** SIWF nonces are alphanumeric (EIP-4361: at least 8 characters). */
export const farcasterNonceSchema = z.string().check(z.regex(/^[a-zA-Z0-9]{8,64}$/))

/** `POST /v1/auth/farcaster/start`: the site comes from the API's site header, as for socials. */
export const farcasterStartRequestSchema = z.strictObject({
  projectId: projectIdSchema,
  siteOrigin: siteOriginSchema,
  deviceId: deviceIdSchema,
})
export type FarcasterStartRequest = z.infer<typeof farcasterStartRequestSchema>
export const farcasterStartReplySchema = z.strictObject({
  state: requestIdSchema,
  nonce: farcasterNonceSchema,
  /** Epoch milliseconds by the API's clock: the message must expire by then. */
  expiresAt: z.number().check(z.int(), z.positive()),
})
export type FarcasterStartReply = z.infer<typeof farcasterStartReplySchema>

/** `POST /v1/auth/farcaster/finish`: the signed message as the relay handed it to the frame. */
export const farcasterFinishRequestSchema = z.strictObject({
  state: requestIdSchema,
  message: z.string().check(z.minLength(1), z.maxLength(4000)),
  signature: z.string().check(z.regex(/^0x[0-9a-fA-F]{130}$/)),
})
export type FarcasterFinishRequest = z.infer<typeof farcasterFinishRequestSchema>

/** The relay's answer to a new channel, parsed by the frame before it shows the link. */
export const farcasterChannelCreatedSchema = z.object({
  channelToken: z.string().check(z.minLength(1), z.maxLength(200)),
  url: z.string().check(z.maxLength(2000), z.regex(/^https?:\/\//)),
  nonce: z.string().check(z.maxLength(64)),
})

/** The relay's channel status, parsed by the frame before it trusts any field (auth-client types only). */
export const farcasterChannelStatusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string().check(z.maxLength(64)),
  url: z.string().check(z.maxLength(2000)),
  message: z.optional(z.string().check(z.maxLength(4000))),
  signature: z.optional(z.string().check(z.maxLength(300))),
  fid: z.optional(z.number().check(z.int(), z.positive())),
  username: z.optional(z.string().check(z.maxLength(64))),
})
export type FarcasterChannelStatus = z.infer<typeof farcasterChannelStatusSchema>
