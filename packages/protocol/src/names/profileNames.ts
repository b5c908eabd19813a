import * as z from 'zod/mini'
import { stringRecord } from '../schemas/stringRecord.ts'

// SPEC §7's profile names: `<label>.reown.id` names in the API's own registry, with
// Reown's data API's shapes (`coin_type`, `addresses` keyed by ENSIP-11 coin type, `suggestions`).

/** The zone every name lives in (SPEC §7 `zone`). */
export const NAME_ZONE = 'reown.id'
/** How long a signed registration stays valid around its `timestamp` (seconds either side). */
export const NAME_MESSAGE_WINDOW_SECONDS = 600

/** A label: 3 to 32 of a-z, 0-9 and inner hyphens. */
export const nameLabelSchema = z.string().check(z.regex(/^[a-z0-9](?:[a-z0-9-]{1,30})[a-z0-9]$/))
/** A full name in the zone: `alice.reown.id`. */
export const profileNameSchema = z
  .string()
  .check(z.maxLength(64), z.regex(/^[a-z0-9](?:[a-z0-9-]{1,30})[a-z0-9]\.reown\.id$/))

const projectIdSchema = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))
const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const urlSchema = z.string().check(z.maxLength(500), z.regex(/^(https?:\/\/|\/)/))

/** ENSIP-11 coin type of an EVM chain: 60 for Ethereum, else `0x80000000 | chainId`. */
export function coinTypeForChain(chainId: number): number {
  return chainId === 1 ? 60 : (0x80000000 | chainId) >>> 0
}
/** The EVM chain id of an ENSIP-11 coin type, or undefined for a coin type of no EVM chain. */
export function chainForCoinType(coinType: number): number | undefined {
  if (coinType === 60) return 1
  return coinType >= 0x80000000 && coinType <= 0xffffffff ? coinType - 0x80000000 : undefined
}

/** The message an account signs to take a name (Reown's: JSON of name, attributes, timestamp in s). */
export const registerNameMessageSchema = z.strictObject({
  name: profileNameSchema,
  attributes: z.optional(
    z.strictObject({ avatar: z.optional(urlSchema), bio: z.optional(z.string().check(z.maxLength(300))) }),
  ),
  timestamp: z.number().check(z.int(), z.nonnegative()),
})
export type RegisterNameMessage = z.infer<typeof registerNameMessageSchema>

/** `POST /v1/profile/account?projectId`: body of a registration. */
export const registerNameBodySchema = z.strictObject({
  coin_type: z.number().check(z.int(), z.nonnegative(), z.lte(0xffffffff)),
  address: evmAddressSchema,
  message: z.string().check(z.maxLength(2000)),
  signature: z.string().check(z.maxLength(20_000), z.regex(/^0x[0-9a-fA-F]+$/)),
})
export type RegisterNameBody = z.infer<typeof registerNameBodySchema>
export const registerNameReplySchema = z.strictObject({ success: z.boolean() })

/** A name and what it points to: `GET /v1/profile/account/{name}`, items of `…/reverse/{address}`. */
export const profileNameRecordSchema = z.strictObject({
  name: profileNameSchema,
  /** Unix seconds. */
  registered: z.number(),
  updated: z.number(),
  /** Keyed by ENSIP-11 coin type as text (`"60"`, `"2147514985"`). */
  addresses: stringRecord(
    z.string().check(z.regex(/^[0-9]{1,10}$/)),
    z.strictObject({
      address: z.string().check(z.maxLength(100)),
      created: z.string().check(z.maxLength(40)),
    }),
  ),
  attributes: z
    .array(
      z.strictObject({ avatar: z.optional(urlSchema), bio: z.optional(z.string().check(z.maxLength(300))) }),
    )
    .check(z.maxLength(10)),
})
export type ProfileNameRecord = z.infer<typeof profileNameRecordSchema>
export const reverseNameReplySchema = z.array(profileNameRecordSchema).check(z.maxLength(50))

export const nameQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  apiVersion: z.optional(z.enum(['2'])),
  sender: z.optional(evmAddressSchema),
})
export const suggestionsQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  zone: z.optional(z.literal(NAME_ZONE)),
})
export const nameSuggestionsReplySchema = z.strictObject({
  suggestions: z
    .array(z.strictObject({ name: profileNameSchema, registered: z.boolean() }))
    .check(z.maxLength(20)),
})
export type NameSuggestion = z.infer<typeof nameSuggestionsReplySchema>['suggestions'][number]

/** `GET /v1/identity/{address}?projectId`: SPEC §7 identity. */
export const identityQuerySchema = z.strictObject({ projectId: projectIdSchema })
export const identityReplySchema = z.strictObject({
  name: z.nullable(profileNameSchema),
  avatar: z.nullable(urlSchema),
})
export type Identity = z.infer<typeof identityReplySchema>
