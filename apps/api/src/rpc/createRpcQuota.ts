import { rateLimited } from '../auth/authErrors.ts'
import type { Db } from '../db/Db.ts'

export type RpcQuotaBucket = { key: string; limit: number; cost: number }
export type RpcQuota = {
  /** Counts `cost` in every bucket, or throws 429 'Rate Limited' counting nothing. */
  hit(buckets: readonly RpcQuotaBucket[]): Promise<void>
  /** Writes what is still only counted here; stops the timer. */
  close(): Promise<void>
}

type Use = { at: number; cost: number }
type Bucket = { shared: Use[]; pending: Use[]; flushing: Use[]; loaded: Promise<void> }

/** How often this replica's counts go to the database and the others' come back. */
const FLUSH_MS = 250

const sum = (uses: readonly Use[], after: number) =>
  uses.reduce((total, use) => (use.at > after ? total + use.cost : total), 0)

/**
 * The chain proxy's quotas (per client address and per project, weighted by rpcCost) without a
 * database round trip per call: a proxied read must add well under a millisecond. Each bucket is
 * read from `rate_events` once, then decided here from what the database last said (every replica's
 * use) plus what this replica counted since; every 250 ms this replica writes its counts (one row per
 * bucket) and reads every active bucket back. Replicas so share the limits, each learning of the
 * others' use within a quarter of a second (the login limits, which must be exact, keep
 * hitRateLimit's locked transaction).
 */
export function createRpcQuota({
  db,
  now,
  windowMs,
}: {
  db: Db
  now: () => number
  windowMs: number
}): RpcQuota {
  const buckets = new Map<string, Bucket>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let flushing: Promise<void> = Promise.resolve()

  const read = async (key: string): Promise<Use[]> =>
    (
      await db.query<{ at: string | number; cost: number }>(
        'select at, cost from rate_events where bucket = $1 and at > $2',
        [key, now() - windowMs],
      )
    ).map((row) => ({ at: Number(row.at), cost: row.cost }))

  const bucketOf = (key: string): Bucket => {
    let bucket = buckets.get(key)
    if (!bucket) {
      const created: Bucket = { shared: [], pending: [], flushing: [], loaded: Promise.resolve() }
      created.loaded = read(key).then((uses) => {
        created.shared = uses
      })
      buckets.set(key, created)
      bucket = created
    }
    return bucket
  }

  const flush = async () => {
    timer = undefined
    const at = now()
    const active = [...buckets].filter(([, b]) => b.pending.length > 0)
    for (const [, b] of active) [b.flushing, b.pending] = [b.pending, []]
    let fresh: Map<string, Use[]>
    try {
      fresh = await db.transaction(async (query) => {
        const result = new Map<string, Use[]>()
        for (const [key, b] of active) {
          const cost = b.flushing.reduce((total, use) => total + use.cost, 0)
          const last = Math.max(...b.flushing.map((use) => use.at))
          await query('delete from rate_events where bucket = $1 and at <= $2', [key, at - windowMs])
          await query('insert into rate_events (bucket, at, cost) values ($1, $2, $3)', [key, last, cost])
          const rows = await query<{ at: string | number; cost: number }>(
            'select at, cost from rate_events where bucket = $1 and at > $2',
            [key, at - windowMs],
          )
          result.set(
            key,
            rows.map((row) => ({ at: Number(row.at), cost: row.cost })),
          )
        }
        return result
      })
    } catch (error) {
      // Not written: counted again with the next flush.
      for (const [, b] of active) [b.pending, b.flushing] = [[...b.flushing, ...b.pending], []]
      schedule()
      throw error
    }
    for (const [key, b] of active) {
      b.shared = fresh.get(key) ?? b.shared
      b.flushing = []
    }
    // Forget clients idle for a whole window (read again from the database if they come back).
    for (const [key, b] of buckets) {
      if (!b.pending.length && !b.flushing.length && sum(b.shared, at - windowMs) === 0) buckets.delete(key)
    }
  }

  const schedule = () => {
    if (timer) return
    timer = setTimeout(() => {
      flushing = flushing.then(flush).catch((error: unknown) => {
        console.error('rpc quota flush failed', error instanceof Error ? error.message : error)
      })
    }, FLUSH_MS)
    timer.unref()
  }

  return {
    async hit(list) {
      const entries = list.map((b) => [b, bucketOf(b.key)] as const)
      await Promise.all(entries.map(([, bucket]) => bucket.loaded))
      const at = now()
      const after = at - windowMs
      for (const [{ limit, cost }, b] of entries) {
        if (sum(b.shared, after) + sum(b.flushing, after) + sum(b.pending, after) + cost > limit)
          throw rateLimited()
      }
      for (const [{ key, cost }, b] of entries) {
        // A bucket forgotten meanwhile (idle) is put back, so this use is written.
        const live = buckets.get(key)
        if (live) live.pending.push({ at, cost })
        else {
          buckets.set(key, b)
          b.pending.push({ at, cost })
        }
      }
      schedule()
    },
    async close() {
      if (timer) clearTimeout(timer)
      await flushing
      await flush()
    },
  }
}
