/**
 * Bounds that keep one hostile or buggy client from exhausting the relay's memory. The stand-in holds
 * everything in memory, so every collection that a client can grow has a cap here.
 */

/** Longest `message` (an encrypted envelope, base64) accepted in a publish: the public relay's order. */
export const MAX_MESSAGE_CHARS = 1024 * 1024

/**
 * Largest WebSocket frame: `wc_approveSession` carries two messages, plus room for the envelope.
 * A bigger frame makes `ws` close the socket (1009), before any of it is parsed.
 */
export const MAX_FRAME_BYTES = 2 * MAX_MESSAGE_CHARS + 64 * 1024

/** Messages kept per topic; the oldest is dropped first (a mailbox, not an archive). */
export const MAX_MESSAGES_PER_TOPIC = 200

/** Bytes of messages kept over all topics; past it, publishes are refused until messages expire. */
export const MAX_STORED_BYTES = 64 * 1024 * 1024

/** Topics one connection may subscribe to (the 2.x SDK batches at most 500 per call). */
export const MAX_TOPICS_PER_CONNECTION = 1000

/** Topics in one batch call (`irn_batchSubscribe`, `irn_batchFetchMessages`, …). */
export const MAX_TOPICS_PER_BATCH = 500

/** Open sockets; more get HTTP 503 on upgrade. */
export const MAX_CONNECTIONS = 1000

/** Longest TTL a message may ask for: 30 days, the longest the 2.x SDK uses. */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60

/** Bytes of messages one `irn_batchFetchMessages` answer carries; the rest comes with `hasMore`. */
export const MAX_FETCH_BYTES = 4 * 1024 * 1024

/** How often sockets are pinged; one that has not answered the previous ping is dropped. */
export const PING_INTERVAL_MS = 10_000
