import { z } from 'zod'
import { MAX_MESSAGE_CHARS, MAX_TOPICS_PER_BATCH, MAX_TTL_SECONDS } from './relayLimits.ts'

/**
 * Shapes of every frame a client may send, as the 2.25 clients send them (core `Publisher`,
 * `Subscriber`, sign-client `sendProposeSession` / `sendApproveSession`). Unknown extra keys (the
 * `tvf` analytics fields, `prompt`, `attestation`) are accepted and dropped.
 */

/** Request ids: the SDK uses numbers (`payloadId`) or their decimal strings (`getBigIntRpcId`). */
export const rpcIdSchema = z.union([z.number().int(), z.string().min(1).max(64)])

export const rpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcIdSchema,
  method: z.string().min(1).max(64),
  params: z.unknown().optional(),
})

/** A client's answer to an `irn_subscription` push: its acknowledgement (or an error). */
export const rpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: rpcIdSchema,
  result: z.unknown(),
  error: z.object({ code: z.number(), message: z.string() }).optional(),
})

/** Topics are 32-byte hex: a sha256 of a symmetric key, or a random one for pairings. */
export const topicSchema = z.string().regex(/^[0-9a-f]{64}$/i, 'topic must be 32 bytes of hex')
const messageSchema = z.string().min(1).max(MAX_MESSAGE_CHARS)
const ttlSchema = z.number().int().positive().max(MAX_TTL_SECONDS)
const tagSchema = z.number().int().nonnegative().max(1_000_000)
const topicsSchema = z.array(topicSchema).min(1).max(MAX_TOPICS_PER_BATCH)

export const subscribeParamsSchema = z.object({ topic: topicSchema })
export const batchSubscribeParamsSchema = z.object({ topics: topicsSchema })
export const unsubscribeParamsSchema = z.object({ topic: topicSchema, id: z.string().max(128).optional() })
export const batchUnsubscribeParamsSchema = z.object({
  subscriptions: z.array(unsubscribeParamsSchema).min(1).max(MAX_TOPICS_PER_BATCH),
})
export const publishParamsSchema = z.object({
  topic: topicSchema,
  message: messageSchema,
  ttl: ttlSchema,
  tag: tagSchema.optional(),
  attestation: z.string().max(4096).optional(),
})
export const batchFetchMessagesParamsSchema = z.object({ topics: topicsSchema })
export const proposeSessionParamsSchema = z.object({
  pairingTopic: topicSchema,
  sessionProposal: messageSchema,
  ttl: ttlSchema,
  attestation: z.string().max(4096).optional(),
})
export const approveSessionParamsSchema = z.object({
  pairingTopic: topicSchema,
  sessionTopic: topicSchema,
  sessionProposalResponse: messageSchema,
  sessionSettlementRequest: messageSchema,
  ttl: ttlSchema,
})

export type RpcId = z.infer<typeof rpcIdSchema>
export type PublishParams = z.infer<typeof publishParamsSchema>
