import { readFileSync } from 'node:fs'

/**
 * The auth endpoints' clock: `Date.now`, unless `AUTH_CLOCK_OFFSET_FILE` names a file. Then the
 * milliseconds written in that file (if any) are added to every reading, so the end-to-end suite can
 * let a one-time code expire without waiting ten minutes; a real clock has no local stand-in for
 * time passing. Only the test stack sets it; with `NODE_ENV=production` it is refused.
 */
export function readClock(env: NodeJS.ProcessEnv = process.env): () => number {
  const file = env.AUTH_CLOCK_OFFSET_FILE
  if (!file) return Date.now
  if (env.NODE_ENV === 'production') throw new Error('AUTH_CLOCK_OFFSET_FILE is for tests, never production')
  console.warn(`[api] the auth clock is shifted by the milliseconds in ${file} (tests only)`)
  return () => {
    let offset = 0
    try {
      offset = Number.parseInt(readFileSync(file, 'utf8'), 10) || 0
    } catch {
      // No file yet: no shift.
    }
    return Date.now() + offset
  }
}
