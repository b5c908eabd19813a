/** SPEC §3, §9 cached items: a read made at `readAt` still serves at `now` while younger than `ttlMs`. */
export function isFresh(readAt: number | undefined, now: number, ttlMs: number): boolean {
  return readAt !== undefined && now - readAt >= 0 && now - readAt < ttlMs
}
