import { readFileSync } from 'node:fs'

/**
 * The auth endpoints' clock: `Date.now`, unless `AUTH_CLOCK_OFFSET_FILE` names a file. Then the
 * milliseconds written in that file (if any) are added to every reading, so the end-to-end suite can
 * let a one-time code expire without waiting ten minutes; a real clock has no local stand-in for
 * time passing. Only the test stack sets it, with `MODALKIT_TEST_STACK=true`; it is refused without
 * that, with `NODE_ENV=production`, or with an https `API_ORIGIN`.
 */
export function readClock(env: NodeJS.ProcessEnv = process.env): () => number {
  const file = env.AUTH_CLOCK_OFFSET_FILE
  if (!file) return Date.now
  // Opt-in twice, and never where the API is served over https or in production mode.
  if (
    env.MODALKIT_TEST_STACK !== 'true' ||
    env.NODE_ENV === 'production' ||
    env.API_ORIGIN?.startsWith('https:')
  )
    throw new Error(
      'AUTH_CLOCK_OFFSET_FILE is for the test stack (MODALKIT_TEST_STACK=true), never production',
    )
  console.warn(`[api] the auth clock is shifted by the milliseconds in ${file} (tests only)`)
  return () => {
    let offset = 0
    try {
      // Forward only: a negative shift would bring expired codes and sessions back.
      offset = Math.max(0, Number.parseInt(readFileSync(file, 'utf8'), 10) || 0)
    } catch {
      // No file yet: no shift.
    }
    return Date.now() + offset
  }
}
