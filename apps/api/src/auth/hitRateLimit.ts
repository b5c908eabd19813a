import type { AuthDeps } from './AuthDeps.ts'
import { MINUTE } from './AuthDeps.ts'
import { rateLimited } from './authErrors.ts'

export const RATE_WINDOW_MS = 10 * MINUTE
/** SECURITY.md: sends are limited per e-mail (mail bombing, guessing) and per IP (rotation of addresses). */
export const PER_EMAIL_LIMIT = 5
export const PER_IP_LIMIT = 20

export type RateBucket = { key: string; limit: number }

/**
 * Counts one event in each bucket over a sliding 10-minute window, or throws 429 'Rate Limited'
 * counting nothing. Counters live in the database so every replica sees them; a transaction-scoped
 * advisory lock per bucket makes count-then-insert atomic on PostgreSQL (PGlite is single-writer).
 */
export async function hitRateLimit({ db, now }: AuthDeps, buckets: readonly RateBucket[]): Promise<void> {
  const at = now()
  await db.transaction(async (query) => {
    for (const { key, limit } of buckets) {
      await query('select pg_advisory_xact_lock(hashtext($1))', [key])
      await query('delete from rate_events where bucket = $1 and at <= $2', [key, at - RATE_WINDOW_MS])
      const [row] = await query<{ n: number }>(
        'select count(*)::int as n from rate_events where bucket = $1 and at > $2',
        [key, at - RATE_WINDOW_MS],
      )
      if ((row?.n ?? 0) >= limit) throw rateLimited()
    }
    for (const { key } of buckets)
      await query('insert into rate_events (bucket, at) values ($1, $2)', [key, at])
  })
}
