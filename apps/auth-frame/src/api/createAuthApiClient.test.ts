import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
// The API's own test stack (real API over PGlite, real MailDev): tests only, the frame never imports the API.
import {
  AUTH_ORIGIN,
  type AuthTestStack,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '@modalkit/api/testStack'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AuthApiClient, createAuthApiClient } from './createAuthApiClient.ts'

const MINUTE = 60_000
let s: AuthTestStack
let calls = 0
/** Node's fetch sends no Origin: add the one a browser in the secure frame would send. */
const frameFetch =
  (origin = AUTH_ORIGIN): typeof fetch =>
  (input, init) => {
    calls++
    return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin } })
  }
const client = (origin?: string) => createAuthApiClient({ apiUrl: s.base, fetch: frameFetch(origin) })
let n = 0
const fresh = () => `client${++n}-${Date.now()}@example.test`
const DEVICE = 'device-client-0123456789'

beforeAll(async () => {
  s = await startAuthTestStack()
}, 30_000)
afterAll(() => s.stop())
beforeEach(() => {
  s.clock.now += 11 * MINUTE // a new rate-limit window per test
})

async function login(api: AuthApiClient, email: string) {
  const started = await api.emailStart({ projectId: 'shop', email, siteOrigin: SITE, deviceId: DEVICE })
  expect(started.action).toBe('VERIFY_DEVICE')
  expect(await api.emailStatus(started.requestId)).toEqual({ action: 'VERIFY_DEVICE' })
  expect((await approveByMail(s.base, await s.lastMail(email))).status).toBe(200)
  expect(await api.emailStatus(started.requestId)).toEqual({ action: 'VERIFY_OTP' })
  return { requestId: started.requestId, otp: codeOf(await s.lastMail(email, 2)) }
}

const caught = async (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )

describe('createAuthApiClient against the real API', () => {
  it('logs in by e-mail, holds the session as a bearer token, keeps the auth share, signs out', async () => {
    const api = client()
    const email = fresh()
    const step = await login(api, email)
    const wrong = step.otp === '000000' ? '000001' : '000000'
    expect(await caught(api.emailVerify({ ...step, otp: wrong }))).toMatchObject({
      name: 'AuthApiError',
      reason: 'invalid_otp',
      code: 'validation_error',
      shortMessage: 'Invalid code',
    })
    const { sessionToken, user } = await api.emailVerify(step)
    expect(user).toMatchObject({ email, addresses: null, isNewUser: true })

    expect(api.hasSession()).toBe(false)
    expect(await caught(api.getSession())).toMatchObject({ reason: 'session_expired' })
    api.setSession(sessionToken)
    expect(await api.getSession()).toEqual({ user: { userId: user.userId, email, addresses: null } })

    const addresses = {
      eip155: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      solana: '11111111111111111111111111111112',
    }
    expect(await caught(api.getShare())).toMatchObject({ reason: 'share_not_found' })
    expect(await api.putShare({ share: 'AAECAwQ=', addresses })).toEqual({ addresses })
    expect(await api.getShare()).toEqual({ share: 'AAECAwQ=', addresses })
    expect(await caught(api.putShare({ share: 'AAECAwQ=', addresses }))).toMatchObject({
      reason: 'share_exists',
    })

    await api.signOut()
    const other = client()
    other.setSession(sessionToken)
    expect(await caught(other.getSession())).toMatchObject({
      name: 'AuthApiError',
      code: 'session_expired',
      shortMessage: 'Session Expired',
    })
  })

  it('checks request bodies before sending them', async () => {
    const api = client()
    const before = calls
    const error = await caught(
      api.emailStart({ projectId: 'shop', email: 'not-an-email', siteOrigin: SITE, deviceId: DEVICE }),
    )
    expect(error).toMatchObject({ name: 'ValidationError', details: 'invalid_format at email' })
    expect(await caught(api.emailVerify({ requestId: 'r'.repeat(20), otp: '12345' }))).toMatchObject({
      name: 'ValidationError',
    })
    expect(calls).toBe(before)
  })

  it("maps API refusals to SPEC §8 errors: 'Rate Limited', project, allowlist, origin", async () => {
    const api = client()
    const email = fresh()
    const start = (patch: object = {}) =>
      api.emailStart({ projectId: 'shop', email, siteOrigin: SITE, deviceId: DEVICE, ...patch })
    for (let i = 0; i < 5; i++) await start()
    expect(await caught(start())).toMatchObject({
      name: 'RateLimitedError',
      code: 'rate_limited',
      message: 'Rate Limited\n\nDetails: /email/start: HTTP 429',
    })
    expect(await caught(start({ projectId: 'nope', email: fresh() }))).toMatchObject({
      name: 'InvalidProjectIdError',
    })
    expect(await caught(start({ siteOrigin: 'https://evil.test', email: fresh() }))).toMatchObject({
      name: 'InvalidAppConfigurationError',
    })
    const foreign = client('http://modal.test:15174')
    expect(
      await caught(foreign.emailStart({ projectId: 'shop', email, siteOrigin: SITE, deviceId: DEVICE })),
    ).toMatchObject({ name: 'AuthApiError', reason: 'origin_not_allowed', code: 4100 })
  })

  it('refuses a reply that does not parse, and reports an API that does not answer', async () => {
    const junk = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ requestId: 'short', action: 'CONNECT' }))
    })
    await new Promise<void>((r) => junk.listen(0, '127.0.0.1', () => r()))
    const url = `http://127.0.0.1:${(junk.address() as AddressInfo).port}`
    try {
      const api = createAuthApiClient({ apiUrl: url, fetch: frameFetch() })
      const body = { projectId: 'shop', email: fresh(), siteOrigin: SITE, deviceId: DEVICE }
      expect(await caught(api.emailStart(body))).toMatchObject({
        name: 'ServerError',
        details: '/email/start: unexpected reply',
      })
    } finally {
      await new Promise((r) => junk.close(r))
    }
    const gone = createAuthApiClient({ apiUrl: url, fetch: frameFetch(), timeoutMs: 2_000 })
    expect(await caught(gone.emailStatus('r'.repeat(20)))).toMatchObject({
      name: 'ServerError',
      details: '/email/status: no reply',
    })
  })
})
