import { isFresh } from '../state/isFresh.ts'

/** Keys kept at most: the oldest read is forgotten first (names typed in Send are unbounded). */
const MAX_ENTRIES = 256

export type TimedCacheOptions = {
  /** How long an answer serves (SPEC §9 cache lifetimes), counted from when it was asked. */
  ttlMs: number
  /** How long a failure serves instead of a new read (SPEC §9 retry guard); 0: a failure is forgotten. */
  failureTtlMs?: number
  now: () => number
}

/**
 * SPEC §3, §9 cached items with a timestamp: one read per key while it is fresh. A read in flight is
 * shared, so two callers at once make one request; `force` reads anew (the user's own transaction
 * changed what was read).
 */
export function createTimedCache<V>({ ttlMs, failureTtlMs = 0, now }: TimedCacheOptions) {
  const entries = new Map<string, { readAt: number; ttlMs: number; value: Promise<V> }>()
  return {
    get(key: string, read: () => Promise<V>, force = false): Promise<V> {
      const hit = entries.get(key)
      if (!force && hit && isFresh(hit.readAt, now(), hit.ttlMs)) return hit.value
      const value = read()
      entries.delete(key)
      entries.set(key, { readAt: now(), ttlMs, value })
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
      value.catch(() => {
        if (entries.get(key)?.value !== value) return
        if (failureTtlMs > 0) entries.set(key, { readAt: now(), ttlMs: failureTtlMs, value })
        else entries.delete(key)
      })
      return value
    },
    forget(key: string): void {
      entries.delete(key)
    },
    clear(): void {
      entries.clear()
    },
  }
}
