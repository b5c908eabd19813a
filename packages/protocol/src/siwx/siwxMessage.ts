import * as z from 'zod/mini'
import { caipNetworkIdSchema } from '../schemas/caip.ts'

/** An ISO 8601 date-time as EIP-4361 and the Solana sign-in form write them. */
const dateTimeSchema = z
  .string()
  .check(z.maxLength(40), z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/))

/**
 * SPEC §3 "Sign-in message" (CAIP-122): the fields of a SIWX message before it is written out.
 * `chainId` is the CAIP-2 network id; the written form carries its reference (EIP-4361's Chain ID).
 * `domain` is the site's authority (host and port) as the browser reported its origin, never the page's
 * words; `uri` is that origin.
 */
export const siwxMessageShape = {
  accountAddress: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[0-9a-zA-Z]+$/)),
  chainId: caipNetworkIdSchema,
  domain: z.string().check(z.minLength(1), z.maxLength(253), z.regex(/^[a-zA-Z0-9.-]+(:\d{1,5})?$/)),
  uri: z.string().check(z.minLength(1), z.maxLength(2000), z.regex(/^[a-z][a-z0-9+.-]*:[^\s]*$/)),
  version: z.literal('1'),
  /** EIP-4361: at least 8 alphanumeric characters (the API's are 128-bit, 32 hex digits). */
  nonce: z.string().check(z.regex(/^[a-zA-Z0-9]{8,64}$/)),
  issuedAt: dateTimeSchema,
  expirationTime: z.optional(dateTimeSchema),
  notBefore: z.optional(dateTimeSchema),
  statement: z.optional(z.string().check(z.maxLength(500), z.regex(/^[^\n\r]*$/))),
  requestId: z.optional(z.string().check(z.maxLength(200), z.regex(/^[^\n\r]*$/))),
  resources: z.optional(
    z
      .array(z.string().check(z.maxLength(2000), z.regex(/^[a-z][a-z0-9+.-]*:[^\s]*$/)))
      .check(z.maxLength(20)),
  ),
}
export const siwxMessageSchema = z.strictObject(siwxMessageShape)
export type SiwxMessage = z.infer<typeof siwxMessageSchema>

/** SPEC §3 "Session": the message's fields, the text that was signed, and its signature. */
export const siwxSessionSchema = z.strictObject({
  data: siwxMessageSchema,
  message: z.string().check(z.minLength(1), z.maxLength(6000)),
  /** 0x-hex for eip155 (65 bytes, or longer for EIP-1271 / EIP-6492 accounts), base58 for Solana. */
  signature: z
    .string()
    .check(z.minLength(1), z.maxLength(20_000), z.regex(/^(0x[0-9a-fA-F]+|[1-9A-HJ-NP-Za-km-z]+)$/)),
})
export type SiwxSession = z.infer<typeof siwxSessionSchema>

export const siwxSessionsSchema = z.array(siwxSessionSchema).check(z.maxLength(100))
