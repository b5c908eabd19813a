import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AuthTestStack, SITE, startAuthTestStack } from '../../test/startAuthTestStack.ts'
import { MINUTE } from './AuthDeps.ts'
import {
  EMAIL_STATUS_PER_IP_LIMIT,
  PER_IP_LIMIT,
  SOCIAL_START_PER_IP_LIMIT,
  VERIFY_PER_EMAIL_LIMIT,
} from './hitRateLimit.ts'

let s: AuthTestStack
let n = 0
const fresh = () => `limits${++n}-${Date.now()}@example.test`
const as = (client: string) => ({ 'x-forwarded-for': client })

beforeAll(async () => {
  // The API sits behind a proxy on loopback: X-Forwarded-For from it names the client.
  s = await startAuthTestStack({ trustProxy: '127.0.0.1' })
}, 30_000)
afterAll(() => s.stop())
beforeEach(() => {
  s.clock.now += 11 * MINUTE
})

const start = (email: string, client: string) =>
  s.call(
    'POST',
    '/v1/auth/email/start',
    { projectId: 'shop', email, siteOrigin: SITE, deviceId: 'device-limits-0123456789' },
    as(client),
  )

describe('rate limits key on the client address behind a trusted proxy', () => {
  it('counts per forwarded address: one client is limited, another is not', async () => {
    for (let i = 0; i < PER_IP_LIMIT; i++) expect((await start(fresh(), '203.0.113.1')).status).toBe(200)
    expect((await start(fresh(), '203.0.113.1')).status).toBe(429)
    // Before, every client behind the proxy shared the proxy's counter and was refused here.
    expect((await start(fresh(), '203.0.113.2')).status).toBe(200)
    // From a peer that is not a trusted proxy, X-Forwarded-For is not believed: rotating it buys nothing.
    const direct = await startAuthTestStack()
    try {
      const email = () => `direct${++n}@example.test`
      const call = (client: string) =>
        direct.call(
          'POST',
          '/v1/auth/email/start',
          { projectId: 'shop', email: email(), siteOrigin: SITE, deviceId: 'device-direct-0123456789' },
          { ...as(client), [SITE_ORIGIN_HEADER]: SITE },
        )
      for (let i = 0; i < PER_IP_LIMIT; i++) expect((await call(`192.0.2.${i}`)).status).toBe(200)
      // Rotating the header does not buy a fresh counter.
      expect((await call('192.0.2.250')).status).toBe(429)
    } finally {
      await direct.stop()
    }
  }, 90_000)

  it('limits social starts per address', async () => {
    const body = {
      projectId: 'shop',
      provider: 'google',
      siteOrigin: SITE,
      deviceId: 'device-social-0123456789',
      codeChallenge: 'a'.repeat(43),
      redirectUri: 'http://auth.test:15175/oauth-callback.html',
    }
    // No provider is configured here: each start is refused after counting (502), until 429.
    for (let i = 0; i < SOCIAL_START_PER_IP_LIMIT; i++)
      expect((await s.call('POST', '/v1/auth/social/start', body, as('203.0.113.3'))).status).toBe(502)
    const limited = await s.call('POST', '/v1/auth/social/start', body, as('203.0.113.3'))
    expect(limited.status).toBe(429)
    expect(await limited.json()).toEqual({ error: { code: 'rate_limited', message: 'Rate Limited' } })
  }, 60_000)

  it('limits e-mail status polls per address', async () => {
    const email = fresh()
    const { requestId } = (await (await start(email, '203.0.113.4')).json()) as { requestId: string }
    const poll = () =>
      s.call('GET', `/v1/auth/email/status?requestId=${requestId}`, undefined, as('203.0.113.4'))
    for (let i = 0; i < EMAIL_STATUS_PER_IP_LIMIT; i++) expect((await poll()).status).toBe(200)
    expect((await poll()).status).toBe(429)
  }, 90_000)

  it('limits code tries per account across requests, whichever address they come from', async () => {
    const email = fresh()
    let tries = 0
    for (let r = 0; r < 4 && tries < VERIFY_PER_EMAIL_LIMIT; r++) {
      const { requestId } = (await (await start(email, '203.0.113.5')).json()) as { requestId: string }
      for (let i = 0; i < 5 && tries < VERIFY_PER_EMAIL_LIMIT; i++, tries++) {
        const res = await s.call(
          'POST',
          '/v1/auth/email/verify',
          { requestId, otp: '000000' },
          as(`198.51.100.${tries}`),
        )
        expect(res.status).not.toBe(429)
      }
    }
    const { requestId } = (await (await start(email, '203.0.113.5')).json()) as { requestId: string }
    const limited = await s.call(
      'POST',
      '/v1/auth/email/verify',
      { requestId, otp: '000000' },
      as('198.51.100.200'),
    )
    expect(limited.status).toBe(429)
  }, 60_000)
})
