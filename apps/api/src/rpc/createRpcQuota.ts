import { rateLimited } from '../auth/authErrors.ts'
import type { Db } from '../db/Db.ts'

export type RpcQuotaBucket = {
  key: string
  limit: number
  cost: number
  /**
   * Shedding the heaviest callers first: while the bucket `key` (a client's project, in the same hit)
   * would pass `above`, this bucket's limit is `limit` instead. Light callers (an honest page) are
   * still served; those that drew most are refused before the shared budget is spent for everyone.
   */
  whenCrowded?: { key: string; above: number; limit: number }
}
export type RpcQuota = {
  /** Counts `cost` in every bucket, or throws 429 'Rate Limited' counting nothing. */
  hit(buckets: readonly RpcQuotaBucket[]): Promise<void>
  /** Writes what is still only counted here; stops the timer. */
  close(): Promise<void>
}

type Use = { at: number; cost: number }
/**
 * One bucket's counts. What this replica counted since its last write is a running total (`pending`,
 * then `flushing` while it is written): every call of the last 250 ms is inside any window, so a sum
 * is all a decision needs, and a hit costs the same however many calls came before it. What the
 * database said (`shared`) is summed once per read and again only when its oldest use leaves the window.
 */
type Bucket = {
  shared: Use[]
  sharedSum: number
  /** When the oldest of `shared` leaves the window: its sum must be taken again then. */
  sharedUntil: number
  pending: number
  /** The latest call counted in `pending` (and then in `flushing`). */
  pendingAt: number
  flushing: number
  flushingAt: number
  loaded: Promise<void>
}

/** How often this replica's counts go to the database and the others' come back. */
const FLUSH_MS = 250

const sum = (uses: readonly Use[], after: number) =>
  uses.reduce((total, use) => (use.at > after ? total + use.cost : total), 0)

function setShared(bucket: Bucket, uses: Use[], windowMs: number): void {
  bucket.shared = uses
  bucket.sharedSum = sum(uses, Number.NEGATIVE_INFINITY)
  bucket.sharedUntil =
    uses.reduce((oldest, use) => Math.min(oldest, use.at), Number.POSITIVE_INFINITY) + windowMs
}

/** The database's count for the window ending `at`, summed again only once a use has left it. */
function sharedCount(bucket: Bucket, at: number, windowMs: number): number {
  if (at >= bucket.sharedUntil) {
    setShared(
      bucket,
      bucket.shared.filter((use) => use.at > at - windowMs),
      windowMs,
    )
  }
  return bucket.sharedSum
}

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
  /** Closed: nothing is scheduled any more (a timer after close would write to a closed database). */
  let closed = false

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
      const created: Bucket = {
        shared: [],
        sharedSum: 0,
        sharedUntil: Number.POSITIVE_INFINITY,
        pending: 0,
        pendingAt: 0,
        flushing: 0,
        flushingAt: 0,
        loaded: Promise.resolve(),
      }
      created.loaded = read(key).then((uses) => setShared(created, uses, windowMs))
      buckets.set(key, created)
      bucket = created
    }
    return bucket
  }

  const flush = async () => {
    timer = undefined
    const at = now()
    const active = [...buckets].filter(([, b]) => b.pending > 0)
    const written = new Map(active.map(([key, b]) => [key, { cost: b.pending, at: b.pendingAt }]))
    for (const [, b] of active) {
      ;[b.flushing, b.flushingAt, b.pending] = [b.pending, b.pendingAt, 0]
    }
    let fresh: Map<string, Use[]>
    try {
      fresh = await db.transaction(async (query) => {
        const result = new Map<string, Use[]>()
        for (const [key, { cost, at: last }] of written) {
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
      for (const [, b] of active) {
        ;[b.pending, b.flushing] = [b.flushing + b.pending, 0]
        b.pendingAt = Math.max(b.pendingAt, b.flushingAt)
      }
      schedule()
      throw error
    }
    for (const [key, b] of active) {
      const uses = fresh.get(key)
      if (uses) setShared(b, uses, windowMs)
      b.flushing = 0
    }
    // Forget clients idle for a whole window (read again from the database if they come back).
    for (const [key, b] of buckets) {
      if (!b.pending && !b.flushing && sharedCount(b, at, windowMs) === 0) buckets.delete(key)
    }
  }

  const schedule = () => {
    if (timer || closed) return
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
      for (const [, bucket] of entries) await bucket.loaded
      const at = now()
      const after = at - windowMs
      // Counted here, not written yet: normally under 250 ms old; all of it left the window only if
      // writing failed that long (a partly old total then counts whole, erring on the strict side).
      const counts = new Map(
        entries.map(([{ key }, b]) => {
          const local = (b.pendingAt > after ? b.pending : 0) + (b.flushingAt > after ? b.flushing : 0)
          return [key, sharedCount(b, at, windowMs) + local] as const
        }),
      )
      for (const [{ key, limit, cost, whenCrowded }] of entries) {
        const crowded = whenCrowded && (counts.get(whenCrowded.key) ?? 0) + cost > whenCrowded.above
        if ((counts.get(key) ?? 0) + cost > (crowded ? whenCrowded.limit : limit)) throw rateLimited()
      }
      for (const [{ key, cost }, b] of entries) {
        // A bucket forgotten meanwhile (idle) is put back, so this use is written.
        if (!buckets.has(key)) buckets.set(key, b)
        b.pending += cost
        b.pendingAt = at
      }
      schedule()
    },
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      timer = undefined
      await flushing
      await flush()
    },
  }
}
