import * as z from 'zod/mini'
import { featuresSchema } from './initOptions.ts'
import { stringRecord } from './stringRecord.ts'

/** Project ids are opaque, URL-safe tokens. */
export const projectIdSchema = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))

export const allowedOriginsSchema = z
  .array(z.string().check(z.minLength(1), z.maxLength(253)))
  .check(z.maxLength(100))

/** Body of a project creation (CLI and admin API). */
export const createProjectSchema = z.strictObject({
  id: z.optional(projectIdSchema),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  allowedOrigins: allowedOriginsSchema,
  features: z.optional(featuresSchema),
})
export type CreateProject = z.infer<typeof createProjectSchema>

/** Remote project configuration (SPEC §1), fetched by the modal at open. */
export const projectConfigSchema = z.strictObject({
  projectId: projectIdSchema,
  name: z.string(),
  allowedOrigins: allowedOriginsSchema,
  features: featuresSchema,
})
export type ProjectConfig = z.infer<typeof projectConfigSchema>

/** Body of `POST /e` (SPEC §7 analytics). */
export const analyticsEventSchema = z.strictObject({
  eventId: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
  url: z.string().check(z.maxLength(2000)),
  domain: z.string().check(z.maxLength(253)),
  timestamp: z.number().check(z.int(), z.positive()),
  props: z.object({
    type: z.string().check(z.maxLength(32)),
    event: z.string().check(z.minLength(1), z.maxLength(64)),
    address: z.optional(z.string().check(z.maxLength(128))),
    properties: z.optional(stringRecord(z.string().check(z.maxLength(64)), z.unknown())),
  }),
})
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>

/** Error body of every API endpoint: a code and the field that was wrong. */
export const apiErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
  }),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/**
 * The header in which the modal (and the secure frame) tells the API the site's origin as the
 * browser reported it in the handshake. The API checks it against the project's allowlist on every
 * call that serves a site (chain RPC proxy, wallet directory, analytics, logins) and names it in
 * mails; it never takes the site from a body field. URLs handed to clients that cannot add headers
 * (the WalletConnect provider's RPC map, the secure frame's RPC URL) carry it as `siteOrigin`.
 */
export const SITE_ORIGIN_HEADER = 'x-modalkit-site-origin'

/** Query of `POST /e`: project id, SDK type and version (SPEC §7). */
export const analyticsQuerySchema = z.object({
  projectId: projectIdSchema,
  st: z.optional(z.string().check(z.maxLength(32))),
  sv: z.optional(z.string().check(z.maxLength(32))),
})

/** One JSON-RPC 2.0 request, as the chain RPC proxy accepts it (SPEC §7: batched, at most 1000). */
export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string().check(z.maxLength(64)), z.null()]),
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.array(z.unknown()).check(z.maxLength(50))),
})
export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>
export const MAX_RPC_BATCH = 1000
export const jsonRpcBodySchema = z.union([
  jsonRpcRequestSchema,
  z.array(jsonRpcRequestSchema).check(z.minLength(1), z.maxLength(MAX_RPC_BATCH)),
])

/**
 * Query of the chain RPC proxy: `POST /v1/?chainId=eip155:1&projectId=…`; Solana clusters by their
 * CAIP-2 id, the first 32 base58 characters of the genesis hash (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`).
 */
export const rpcProxyQuerySchema = z.object({
  chainId: z.string().check(z.regex(/^(eip155:[0-9]{1,12}|solana:[1-9A-HJ-NP-Za-km-z]{32})$/)),
  projectId: projectIdSchema,
  /** The site origin, for callers that cannot send SITE_ORIGIN_HEADER. */
  siteOrigin: z.optional(z.string().check(z.maxLength(300))),
})

/** A JSON-RPC reply: a result or an error. */
export const jsonRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]),
  result: z.optional(z.unknown()),
  error: z.optional(z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) })),
})
