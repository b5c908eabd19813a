import type { z } from 'zod'
import {
  approveSessionParamsSchema,
  batchFetchMessagesParamsSchema,
  batchSubscribeParamsSchema,
  batchUnsubscribeParamsSchema,
  proposeSessionParamsSchema,
  publishParamsSchema,
  subscribeParamsSchema,
  unsubscribeParamsSchema,
} from './relaySchemas.ts'
import { RelayRpcError, RPC_ERROR } from './rpcError.ts'

/** Tags of the 2.x sign protocol (sign-client `ENGINE_RPC_OPTS.wc_sessionPropose` / `wc_sessionSettle`). */
export const TAG = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

export type FetchedMessage = {
  topic: string
  message: string
  publishedAt: number
  tag: number
  attestation?: string
}

/** What a method may do, on behalf of the connection that called it. */
export type RelayContext = {
  subscribe(topic: string): string
  /** Pushes the topic's stored messages this client has not had yet. */
  deliverStored(topic: string): void
  unsubscribe(topic: string): void
  publish(message: { topic: string; message: string; ttl: number; tag: number; attestation?: string }): void
  fetch(topics: readonly string[]): { messages: FetchedMessage[]; hasMore: boolean }
}

/** A method's answer, and what to do once the answer is on the wire (stored messages follow it). */
export type MethodOutcome = { result: unknown; after?: () => void }

function parseParams<T extends z.ZodType>(schema: T, method: string, params: unknown): z.infer<T> {
  const parsed = schema.safeParse(params)
  if (!parsed.success)
    throw RelayRpcError.fromZod(RPC_ERROR.invalidParams, `Invalid params for ${method}`, parsed.error)
  return parsed.data
}

/**
 * The methods the 2.25 clients call, by name. Everything else is answered with -32601. Each
 * handler parses its params first; its result is what the SDK expects back (core `Subscriber`
 * keeps a string id from subscribe, `batchFetchMessages` reads `messages`).
 */
export const relayMethods: Record<string, (ctx: RelayContext, params: unknown) => MethodOutcome> = {
  irn_subscribe(ctx, params) {
    const { topic } = parseParams(subscribeParamsSchema, 'irn_subscribe', params)
    return { result: ctx.subscribe(topic), after: () => ctx.deliverStored(topic) }
  },
  irn_batchSubscribe(ctx, params) {
    const { topics } = parseParams(batchSubscribeParamsSchema, 'irn_batchSubscribe', params)
    return {
      result: topics.map((topic) => ctx.subscribe(topic)),
      after: () => {
        for (const topic of topics) ctx.deliverStored(topic)
      },
    }
  },
  irn_unsubscribe(ctx, params) {
    ctx.unsubscribe(parseParams(unsubscribeParamsSchema, 'irn_unsubscribe', params).topic)
    return { result: true }
  },
  irn_batchUnsubscribe(ctx, params) {
    const { subscriptions } = parseParams(batchUnsubscribeParamsSchema, 'irn_batchUnsubscribe', params)
    for (const { topic } of subscriptions) ctx.unsubscribe(topic)
    return { result: true }
  },
  irn_publish(ctx, params) {
    const { topic, message, ttl, tag, attestation } = parseParams(publishParamsSchema, 'irn_publish', params)
    ctx.publish({ topic, message, ttl, tag: tag ?? 0, ...(attestation ? { attestation } : {}) })
    return { result: true }
  },
  irn_batchFetchMessages(ctx, params) {
    return {
      result: ctx.fetch(parseParams(batchFetchMessagesParamsSchema, 'irn_batchFetchMessages', params).topics),
    }
  },
  /** The dapp's proposal: the relay subscribes it to the pairing topic and publishes the proposal there. */
  wc_proposeSession(ctx, params) {
    const p = parseParams(proposeSessionParamsSchema, 'wc_proposeSession', params)
    ctx.subscribe(p.pairingTopic)
    ctx.publish({
      topic: p.pairingTopic,
      message: p.sessionProposal,
      ttl: p.ttl,
      tag: TAG.sessionPropose,
      ...(p.attestation ? { attestation: p.attestation } : {}),
    })
    return { result: true, after: () => ctx.deliverStored(p.pairingTopic) }
  },
  /**
   * The wallet's approval: the proposal response goes to the pairing topic, the settle request to
   * the session topic (kept until the dapp subscribes there), and the wallet is subscribed to the
   * session topic (it skips its own irn_subscribe for it).
   */
  wc_approveSession(ctx, params) {
    const p = parseParams(approveSessionParamsSchema, 'wc_approveSession', params)
    ctx.subscribe(p.sessionTopic)
    ctx.publish({
      topic: p.pairingTopic,
      message: p.sessionProposalResponse,
      ttl: p.ttl,
      tag: TAG.sessionProposeResponse,
    })
    ctx.publish({
      topic: p.sessionTopic,
      message: p.sessionSettlementRequest,
      ttl: p.ttl,
      tag: TAG.sessionSettle,
    })
    return { result: true, after: () => ctx.deliverStored(p.sessionTopic) }
  },
}
