/**
 * How many times the per-client login limits (code sends, code tries, status polls and social starts
 * per client address) are multiplied: 1, unless `AUTH_CLIENT_LIMIT_FACTOR` says more. The end-to-end
 * suite logs in some sixty times within minutes from one browser on one loopback address, where the
 * real limits (20 sends per client in 10 minutes) rightly refuse it; the bench's login load sends
 * thousands of starts in seconds from one client (bench/loginApi.ts, 1000). Per-address and
 * per-account limits never change. Only the test stack sets it, with `MODALKIT_TEST_STACK=true`; it is refused
 * without that, with `NODE_ENV=production`, or with an https `API_ORIGIN`, like the auth clock.
 */
export function readClientLimitFactor(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.AUTH_CLIENT_LIMIT_FACTOR
  if (text === undefined || text === '') return 1
  if (
    env.MODALKIT_TEST_STACK !== 'true' ||
    env.NODE_ENV === 'production' ||
    env.API_ORIGIN?.startsWith('https:')
  )
    throw new Error(
      'AUTH_CLIENT_LIMIT_FACTOR is for the test stack (MODALKIT_TEST_STACK=true), never production',
    )
  const factor = Number(text)
  if (!Number.isInteger(factor) || factor < 1 || factor > 1000)
    throw new Error('AUTH_CLIENT_LIMIT_FACTOR must be a whole number from 1 to 1000')
  console.warn(`[api] per-client login limits are ${factor} times the real ones (tests only)`)
  return factor
}
