import { RelayRpcError, RPC_ERROR } from './rpcError.ts'

export type Delivery = 'pending' | 'acked'

export type StoredMessage = {
  readonly topic: string
  readonly message: string
  readonly publishedAt: number
  readonly expiresAt: number
  readonly tag: number
  readonly attestation: string | undefined
  /** Client id (did:key) of the publisher: it never gets its own message back. */
  readonly publisherId: string
  readonly size: number
  /** Per client id: pushed and waiting for the ack, or acked. Nothing is pushed twice to a client. */
  readonly deliveries: Map<string, Delivery>
}

export type AddMessageParameters = {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  attestation: string | undefined
  publisherId: string
  now: number
}

export type MessageStore = {
  /** Stores a message; an identical one already on the topic (a publish retry) is returned instead. */
  add(parameters: AddMessageParameters): { stored: StoredMessage; isNew: boolean }
  /** The topic's unexpired messages, oldest first. */
  list(topic: string, now: number): readonly StoredMessage[]
  /** Drops every expired message. */
  sweep(now: number): void
  readonly bytes: number
  readonly topicCount: number
}

/** Rough bytes one message holds: its strings plus the record around them. */
const RECORD_OVERHEAD = 256

/**
 * Messages per topic until their TTL, so that a subscriber arriving later still gets them (the
 * wallet's session settle request is published before the dapp subscribes to the session topic).
 * Bounded per topic and in total.
 */
export function createMessageStore(limits: { maxPerTopic: number; maxBytes: number }): MessageStore {
  const topics = new Map<string, StoredMessage[]>()
  let bytes = 0

  const prune = (topic: string, now: number): StoredMessage[] => {
    const messages = topics.get(topic)
    if (!messages) return []
    const live = messages.filter((m) => m.expiresAt > now)
    if (live.length === messages.length) return messages
    for (const m of messages) if (m.expiresAt <= now) bytes -= m.size
    if (live.length === 0) topics.delete(topic)
    else topics.set(topic, live)
    return live
  }

  const sweep = (now: number): void => {
    for (const topic of [...topics.keys()]) prune(topic, now)
  }

  return {
    add({ topic, message, ttlSeconds, tag, attestation, publisherId, now }) {
      const messages = prune(topic, now)
      const duplicate = messages.find((m) => m.message === message)
      if (duplicate) return { stored: duplicate, isNew: false }
      const size = message.length + (attestation?.length ?? 0) + RECORD_OVERHEAD
      if (bytes + size > limits.maxBytes) sweep(now)
      if (bytes + size > limits.maxBytes) {
        throw new RelayRpcError(RPC_ERROR.capacity, 'Relay storage is full; try again later')
      }
      const stored: StoredMessage = {
        topic,
        message,
        publishedAt: now,
        expiresAt: now + ttlSeconds * 1000,
        tag,
        attestation,
        publisherId,
        size,
        deliveries: new Map(),
      }
      const next = [...messages, stored]
      while (next.length > limits.maxPerTopic) bytes -= next.shift()?.size ?? 0
      topics.set(topic, next)
      bytes += size
      return { stored, isNew: true }
    },
    list: (topic, now) => prune(topic, now),
    sweep,
    get bytes() {
      return bytes
    },
    get topicCount() {
      return topics.size
    },
  }
}
