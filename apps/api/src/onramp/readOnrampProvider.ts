import type { OnrampProviderSettings } from './routeOnramp.ts'

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])
/** The webhook secret: a short one could be guessed offline from one captured signature. */
const MIN_SECRET_LENGTH = 32

/**
 * The local stand-in on-ramp provider (ONRAMP_PROVIDER_URL, ONRAMP_PROVIDER_SECRET, ONRAMP_TREASURY),
 * or none. Its treasury is an unlocked node account that the API sends from, and its checkout takes no
 * real payment: it is for the test stack only. Any of its settings without `MODALKIT_TEST_STACK=true`
 * and an API on loopback, or with `NODE_ENV=production` or an https `API_ORIGIN`, is refused, so a
 * production API with an unlocked treasury does not start.
 */
export function readOnrampProvider(env: NodeJS.ProcessEnv = process.env): OnrampProviderSettings | undefined {
  const pageUrl = env.ONRAMP_PROVIDER_URL ?? ''
  const secret = env.ONRAMP_PROVIDER_SECRET ?? ''
  const treasury = env.ONRAMP_TREASURY ?? ''
  if (!pageUrl && !secret && !treasury) return undefined
  if (
    env.MODALKIT_TEST_STACK !== 'true' ||
    env.NODE_ENV === 'production' ||
    env.API_ORIGIN?.startsWith('https:') ||
    !LOOPBACK.has(env.API_HOST ?? '127.0.0.1')
  )
    throw new Error(
      'ONRAMP_TREASURY is an unlocked node account and the stand-in provider takes no payment: the test stack only (MODALKIT_TEST_STACK=true, the API on loopback), never production',
    )
  if (!pageUrl || !secret || !treasury)
    throw new Error(
      'the stand-in on-ramp needs ONRAMP_PROVIDER_URL, ONRAMP_PROVIDER_SECRET and ONRAMP_TREASURY',
    )
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(`ONRAMP_PROVIDER_SECRET must be at least ${MIN_SECRET_LENGTH} characters`)
  return { pageUrl, secret, treasury }
}
