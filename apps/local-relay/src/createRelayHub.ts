import { createMessageStore, type StoredMessage } from './createMessageStore.ts'
import { parseFrame } from './parseFrame.ts'
import {
  MAX_FETCH_BYTES,
  MAX_MESSAGES_PER_TOPIC,
  MAX_STORED_BYTES,
  MAX_TOPICS_PER_CONNECTION,
} from './relayLimits.ts'
import { type FetchedMessage, type RelayContext, relayMethods } from './relayMethods.ts'
import type { RpcId } from './relaySchemas.ts'
import { RelayRpcError, RPC_ERROR } from './rpcError.ts'
import { subscriptionId } from './subscriptionId.ts'

/** One authenticated socket, seen from the hub: who it is and how to write to it. */
export type RelayPeer = { readonly clientId: string; send(frame: string): void }

export type RelayConnection = { receive(text: string): void; close(): void }

export type RelayHub = {
  connect(peer: RelayPeer): RelayConnection
  /** Drops expired messages (called with the heartbeat). */
  sweep(): void
}

type Connection = {
  peer: RelayPeer
  /** topic → subscription id */
  topics: Map<string, string>
  /** push id → message pushed and not yet acknowledged */
  inFlight: Map<number, StoredMessage>
}

const toFetched = (m: StoredMessage): FetchedMessage => ({
  topic: m.topic,
  message: m.message,
  publishedAt: m.publishedAt,
  tag: m.tag,
  ...(m.attestation ? { attestation: m.attestation } : {}),
})

/**
 * The relay's state and routing, without sockets: subscriptions per connection, messages per
 * topic, pushes and their acknowledgements. A message reaches each client (did:key) at most once,
 * never its publisher; one pushed to a socket that dies before acking goes out again when the
 * client re-subscribes.
 */
export function createRelayHub(options: { now?: () => number } = {}): RelayHub {
  const now = options.now ?? Date.now
  const store = createMessageStore({ maxPerTopic: MAX_MESSAGES_PER_TOPIC, maxBytes: MAX_STORED_BYTES })
  const subscribers = new Map<string, Set<Connection>>()
  let nextPushId = 1

  const push = (conn: Connection, m: StoredMessage): void => {
    const { clientId } = conn.peer
    const id = conn.topics.get(m.topic)
    if (id === undefined || m.publisherId === clientId || m.deliveries.has(clientId)) return
    m.deliveries.set(clientId, 'pending')
    const pushId = nextPushId++
    conn.inFlight.set(pushId, m)
    const params = { id, data: toFetched(m) }
    conn.peer.send(JSON.stringify({ id: pushId, jsonrpc: '2.0', method: 'irn_subscription', params }))
  }

  const unsubscribe = (conn: Connection, topic: string): void => {
    conn.topics.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(conn)
    if (set?.size === 0) subscribers.delete(topic)
  }

  const contextOf = (conn: Connection): RelayContext => ({
    subscribe(topic) {
      const existing = conn.topics.get(topic)
      if (existing) return existing
      if (conn.topics.size >= MAX_TOPICS_PER_CONNECTION) {
        throw new RelayRpcError(
          RPC_ERROR.capacity,
          `At most ${MAX_TOPICS_PER_CONNECTION} topics per connection`,
        )
      }
      const id = subscriptionId(topic, conn.peer.clientId)
      conn.topics.set(topic, id)
      subscribers.set(topic, (subscribers.get(topic) ?? new Set()).add(conn))
      return id
    },
    deliverStored(topic) {
      for (const m of store.list(topic, now())) push(conn, m)
    },
    unsubscribe: (topic) => unsubscribe(conn, topic),
    publish({ topic, message, ttl, tag, attestation }) {
      const added = store.add({
        topic,
        message,
        ttlSeconds: ttl,
        tag,
        attestation,
        publisherId: conn.peer.clientId,
        now: now(),
      })
      if (!added.isNew) return
      for (const other of subscribers.get(topic) ?? []) push(other, added.stored)
    },
    fetch(topics) {
      const { clientId } = conn.peer
      const messages: FetchedMessage[] = []
      let bytes = 0
      for (const topic of topics) {
        for (const m of store.list(topic, now())) {
          if (m.publisherId === clientId || m.deliveries.has(clientId)) continue
          if (bytes + m.size > MAX_FETCH_BYTES && messages.length > 0) return { messages, hasMore: true }
          // The answer is the delivery: there is no per-message ack for fetched messages.
          m.deliveries.set(clientId, 'acked')
          messages.push(toFetched(m))
          bytes += m.size
        }
      }
      return { messages, hasMore: false }
    },
  })

  const answer = (conn: Connection, id: RpcId | null, body: { result: unknown } | { error: unknown }) =>
    conn.peer.send(JSON.stringify({ id, jsonrpc: '2.0', ...body }))

  const receive = (conn: Connection, context: RelayContext, text: string): void => {
    const frame = parseFrame(text)
    if (frame.kind === 'invalid') {
      answer(conn, frame.id, { error: frame.error.toJSON() })
      return
    }
    if (frame.kind === 'response') {
      const m = conn.inFlight.get(Number(frame.id))
      if (!m) return
      conn.inFlight.delete(Number(frame.id))
      // An error answer is no receipt: forget the push so a later subscribe sends it again.
      if (frame.ok) m.deliveries.set(conn.peer.clientId, 'acked')
      else m.deliveries.delete(conn.peer.clientId)
      return
    }
    const method = Object.hasOwn(relayMethods, frame.method) ? relayMethods[frame.method] : undefined
    if (!method) {
      const error = new RelayRpcError(RPC_ERROR.methodNotFound, `Method not found: ${frame.method}`)
      answer(conn, frame.id, { error: error.toJSON() })
      return
    }
    try {
      const { result, after } = method(context, frame.params)
      answer(conn, frame.id, { result })
      after?.()
    } catch (error) {
      if (!(error instanceof RelayRpcError)) throw error
      answer(conn, frame.id, { error: error.toJSON() })
    }
  }

  return {
    connect(peer) {
      const conn: Connection = { peer, topics: new Map(), inFlight: new Map() }
      const context = contextOf(conn)
      return {
        receive: (text) => receive(conn, context, text),
        close() {
          for (const topic of [...conn.topics.keys()]) unsubscribe(conn, topic)
          for (const m of conn.inFlight.values()) {
            if (m.deliveries.get(peer.clientId) === 'pending') m.deliveries.delete(peer.clientId)
          }
          conn.inFlight.clear()
        },
      }
    },
    sweep: () => store.sweep(now()),
  }
}
