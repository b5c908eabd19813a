import type { Db } from '../db/Db.ts'
import { MINUTE } from './AuthDeps.ts'
import { rateLimited } from './authErrors.ts'

export const RATE_WINDOW_MS = 10 * MINUTE
/** SECURITY.md: sends are limited per e-mail (mail bombing, guessing) and per IP (rotation of addresses). */
export const PER_EMAIL_LIMIT = 5
export const PER_IP_LIMIT = 20
/** Social starts per address: each one is a provider round trip and a stored state. */
export const SOCIAL_START_PER_IP_LIMIT = 20
/** The frame polls every 2 s while a device waits (5 minutes of polling for two tabs, and more). */
export const EMAIL_STATUS_PER_IP_LIMIT = 600
/**
 * Code tries: 5 per request burn it, and these bound the tries across requests (SECURITY.md: against
 * guessing by starting request after request), per address and per account.
 */
export const VERIFY_PER_IP_LIMIT = 30
export const VERIFY_PER_EMAIL_LIMIT = 15

export type RateBucket = {
  key: string
  limit: number
  /** What this event costs (an expensive RPC method more than a cheap one); 1 by default. */
  cost?: number
  /** The sliding window; RATE_WINDOW_MS by default. */
  windowMs?: number
  /** Counts one client address: scaled by the test stack's `clientLimitFactor` (readClientLimitFactor). */
  perClient?: true
}

/**
 * Counts one event in each bucket over its sliding window, or throws 429 'Rate Limited' counting
 * nothing. Counters live in the database so every replica sees them; a transaction-scoped advisory
 * lock per bucket makes count-then-insert atomic on PostgreSQL (PGlite is single-writer).
 */
export async function hitRateLimit(
  { db, now, clientLimitFactor = 1 }: { db: Db; now: () => number; clientLimitFactor?: number },
  buckets: readonly RateBucket[],
): Promise<void> {
  const at = now()
  await db.transaction(async (query) => {
    for (const { key, limit: base, cost = 1, windowMs = RATE_WINDOW_MS, perClient } of buckets) {
      const limit = perClient ? base * clientLimitFactor : base
      await query('select pg_advisory_xact_lock(hashtext($1))', [key])
      await query('delete from rate_events where bucket = $1 and at <= $2', [key, at - windowMs])
      const [row] = await query<{ n: number }>(
        'select coalesce(sum(cost), 0)::int as n from rate_events where bucket = $1 and at > $2',
        [key, at - windowMs],
      )
      if ((row?.n ?? 0) + cost > limit) throw rateLimited()
    }
    for (const { key, cost = 1 } of buckets)
      await query('insert into rate_events (bucket, at, cost) values ($1, $2, $3)', [key, at, cost])
  })
}
