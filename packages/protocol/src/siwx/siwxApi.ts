import * as z from 'zod/mini'
import { caipNetworkIdSchema } from '../schemas/caip.ts'
import { siwxSessionSchema, siwxSessionsSchema } from './siwxMessage.ts'

/** `POST /v1/siwx/nonce` reply: a single-use 128-bit nonce (32 hex digits) and when it expires. */
export const siwxNonceReplySchema = z.strictObject({
  nonce: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  expiresAt: z.number().check(z.int(), z.positive()),
})
export type SiwxNonceReply = z.infer<typeof siwxNonceReplySchema>

/** `POST /v1/siwx/sessions` body: the signed text and its signature; the API reads the fields from the text. */
export const siwxAddSessionBodySchema = z.strictObject({
  message: z.string().check(z.minLength(1), z.maxLength(6000)),
  signature: siwxSessionSchema.shape.signature,
})
export type SiwxAddSessionBody = z.infer<typeof siwxAddSessionBodySchema>

/** `POST /v1/siwx/sessions` reply: the stored session, and the token that can revoke it. */
export const siwxAddSessionReplySchema = z.strictObject({
  session: siwxSessionSchema,
  token: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
})
export type SiwxAddSessionReply = z.infer<typeof siwxAddSessionReplySchema>

/**
 * `GET /v1/siwx/sessions` query and reply: the live sessions of one account on one chain for this site,
 * of the tokens the caller holds (SIWX_TOKENS_HEADER): a stranger who knows an address lists nothing.
 */
export const siwxSessionsQuerySchema = z.strictObject({
  projectId: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/)),
  chainId: caipNetworkIdSchema,
  address: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[0-9a-zA-Z]+$/)),
})
export const siwxSessionsReplySchema = z.strictObject({ sessions: siwxSessionsSchema })

/**
 * The header that carries the tokens `POST /v1/siwx/sessions` gave, comma-separated, to list their
 * sessions: a header, never the URL, so no access log or referrer holds them.
 */
export const SIWX_TOKENS_HEADER = 'x-modalkit-siwx-tokens'
/** The header's value: one to twenty tokens. */
export const siwxTokensSchema = z
  .array(siwxAddSessionReplySchema.shape.token)
  .check(z.minLength(1), z.maxLength(20))

/** `POST /v1/siwx/sessions/revoke` body: the tokens addSession gave (disconnect revokes). */
export const siwxRevokeBodySchema = z.strictObject({
  chainId: caipNetworkIdSchema,
  address: siwxSessionsQuerySchema.shape.address,
  tokens: siwxTokensSchema,
})
export type SiwxRevokeBody = z.infer<typeof siwxRevokeBodySchema>
