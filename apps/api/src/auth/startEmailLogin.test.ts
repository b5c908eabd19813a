import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type AuthTestStack,
  approvalPathOf,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '../../test/startAuthTestStack.ts'
import { MINUTE } from './AuthDeps.ts'

let s: AuthTestStack
let n = 0
const fresh = () => `user${++n}-${Date.now()}@example.test`
const device = (tag = 'a') => `device-${tag}-0123456789abcdef`

beforeAll(async () => {
  s = await startAuthTestStack()
}, 30_000)
afterAll(() => s.stop())
// Every test starts in a new rate-limit window (the per-IP limit counts all of this file's starts).
beforeEach(() => {
  s.clock.now += 11 * MINUTE
})

const start = (
  email: string,
  deviceId = device(),
  patch: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  s.call(
    'POST',
    '/v1/auth/email/start',
    { projectId: 'shop', email, siteOrigin: SITE, deviceId, ...patch },
    headers,
  )
const verify = (requestId: string, otp: string) => s.call('POST', '/v1/auth/email/verify', { requestId, otp })
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T
const errorOf = async (res: Response) => (await json<{ error: { code: string; message: string } }>(res)).error

/** The whole first login: device approval by the mailed link, then the mailed code. */
async function firstLogin(email: string, deviceId = device()) {
  const { requestId } = await json<{ requestId: string }>(await start(email, deviceId))
  expect((await approveByMail(s.base, await s.lastMail(email))).status).toBe(200)
  const res = await verify(requestId, codeOf(await s.lastMail(email, 2)))
  expect(res.status).toBe(200)
  return json<{ sessionToken: string; user: { userId: string; isNewUser: boolean } }>(res)
}

describe('e-mail login', () => {
  it('approves a new device by the mailed link, then logs in with the mailed code', async () => {
    const email = fresh()
    const res = await start(email)
    expect(res.status).toBe(200)
    const { requestId, action } = await json<{ requestId: string; action: string }>(res)
    expect(action).toBe('VERIFY_DEVICE')

    const approval = await s.lastMail(email)
    expect(approval.subject).toBe('Approve a new device')
    expect(approval.text).toContain(`Requested by ${SITE} from Chrome on macOS.`)
    expect(await json(await s.call('GET', `/v1/auth/email/status?requestId=${requestId}`))).toEqual({
      action: 'VERIFY_DEVICE',
    })
    const early = await verify(requestId, '000000')
    expect(early.status).toBe(403)
    expect((await errorOf(early)).code).toBe('device_not_approved')

    const link = approvalPathOf(approval)
    // The token rides in the fragment: the request line an access log or a proxy records never holds it.
    const mailed = new URL(link, s.base)
    const token = new URLSearchParams(mailed.hash.slice(1)).get('token')
    expect(token).toMatch(/^[-_A-Za-z0-9]{43}$/)
    expect(mailed.search).toBe('')
    // Opening the link (a mail scanner does, before the reader) only shows a button: nothing approved.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${s.base}${link}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; form-action 'self'; frame-ancestors 'none'; script-src 'sha256-[A-Za-z0-9+/]{43}='; require-trusted-types-for 'script'$/,
      )
      const html = await page.text()
      expect(html).toContain('<form method="post" action="approve">')
      expect(html).not.toContain(token)
      expect(html).not.toContain('Device approved')
    }
    expect(await s.mails(email, 2)).toHaveLength(1)
    expect(await json(await s.call('GET', `/v1/auth/email/status?requestId=${requestId}`))).toEqual({
      action: 'VERIFY_DEVICE',
    })
    // The button posts from the API's own origin; another origin may not post it.
    const forged = await fetch(`${s.base}/v1/auth/device/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.test' },
      body: new URLSearchParams({
        token: new URLSearchParams(new URL(link, s.base).hash.slice(1)).get('token')!,
      }).toString(),
    })
    expect(forged.status).toBe(403)
    const approved = await approveByMail(s.base, approval)
    expect(approved.status).toBe(200)
    expect(await approved.text()).toContain('Device approved')
    expect((await approveByMail(s.base, approval)).status).toBe(410) // single use

    expect(await json(await s.call('GET', `/v1/auth/email/status?requestId=${requestId}`))).toEqual({
      action: 'VERIFY_OTP',
    })
    const codeMail = await s.lastMail(email, 2)
    expect(codeMail.text).toContain(`Requested by ${SITE} from Chrome on macOS.`)
    expect(codeMail.subject).toBe('Your login code') // never the code: subjects show on lock screens
    expect(codeMail.subject).not.toContain(codeOf(codeMail))
    const ok = await verify(requestId, codeOf(codeMail))
    expect(ok.status).toBe(200)
    const login = await json<{ sessionToken: string; user: Record<string, unknown> }>(ok)
    expect(login.sessionToken).toMatch(/^[-_A-Za-z0-9]{43}$/)
    expect(login.user).toEqual({ userId: expect.any(String), email, addresses: null, isNewUser: true })

    const bearer = { authorization: `Bearer ${login.sessionToken}` }
    const session = await s.call('GET', '/v1/auth/session', undefined, bearer)
    expect(await json(session)).toEqual({ user: { userId: login.user.userId, email, addresses: null } })
    expect((await s.call('POST', '/v1/auth/signout', undefined, bearer)).status).toBe(200)
    const after = await s.call('GET', '/v1/auth/session', undefined, bearer)
    expect(after.status).toBe(401)
    expect(await errorOf(after)).toEqual({
      code: 'session_expired',
      message: 'Session Expired',
      field: 'header.authorization',
    })
  })

  it('mails a code straight away to an approved device, and answers an unknown device as for a new address', async () => {
    const email = fresh()
    const first = await firstLogin(email)
    s.clock.now += 11 * MINUTE
    const known = await json<{ requestId: string; action: string }>(await start(email))
    expect(known.action).toBe('VERIFY_OTP')
    const res = await verify(known.requestId, codeOf(await s.lastMail(email, 3)))
    expect((await json<{ user: { userId: string; isNewUser: boolean } }>(res)).user).toMatchObject({
      userId: first.user.userId,
      isNewUser: false,
    })
    // Enumeration: a known address on another device and an unknown address get the same reply.
    const other = await json(await start(email, device('other')))
    const unknown = await json(await start(fresh(), device('other')))
    expect(Object.keys(other)).toEqual(Object.keys(unknown))
    expect(other.action).toBe('VERIFY_DEVICE')
    expect(unknown.action).toBe('VERIFY_DEVICE')
  })

  it('burns the request at the fifth wrong code', async () => {
    const email = fresh()
    await firstLogin(email)
    const { requestId } = await json<{ requestId: string }>(await start(email))
    const code = codeOf(await s.lastMail(email, 3))
    const wrong = code === '999999' ? '999998' : '999999'
    for (let i = 0; i < 4; i++) {
      const res = await verify(requestId, wrong)
      expect(res.status).toBe(400)
      expect(await errorOf(res)).toMatchObject({ code: 'invalid_otp', message: 'Invalid code' })
    }
    const fifth = await verify(requestId, wrong)
    expect(fifth.status).toBe(410)
    expect((await errorOf(fifth)).code).toBe('otp_burned')
    const right = await verify(requestId, code)
    expect((await errorOf(right)).code).toBe('otp_burned')
  })

  it('refuses a code after 10 minutes, and a code used once', async () => {
    const email = fresh()
    await firstLogin(email)
    const late = await json<{ requestId: string }>(await start(email))
    const lateCode = codeOf(await s.lastMail(email, 3))
    s.clock.now += 10 * MINUTE
    const expired = await verify(late.requestId, lateCode)
    expect(expired.status).toBe(410)
    expect((await errorOf(expired)).code).toBe('otp_expired')

    const once = await json<{ requestId: string }>(await start(email))
    const code = codeOf(await s.lastMail(email, 4))
    expect((await verify(once.requestId, code)).status).toBe(200)
    const replay = await verify(once.requestId, code)
    expect(replay.status).toBe(410)
    expect((await errorOf(replay)).code).toBe('otp_used')
  })

  it('binds a code to its request and stores it only hashed', async () => {
    const email = fresh()
    await firstLogin(email)
    const a = await json<{ requestId: string }>(await start(email))
    const codeA = codeOf(await s.lastMail(email, 3))
    const b = await json<{ requestId: string }>(await start(email))
    const res = await verify(b.requestId, codeA)
    expect((await errorOf(res)).code).toMatch(/^invalid_otp$/)
    const rows = await s.db.query('select * from otp_requests where id = $1', [a.requestId])
    expect(JSON.stringify(rows)).not.toContain(codeA)
    expect(rows[0]).toMatchObject({ code_hash: expect.stringMatching(/^[-_A-Za-z0-9]{43}$/) })
  })

  it("limits sends per e-mail (5 in 10 minutes) and per IP (20) with 429 'Rate Limited'", async () => {
    const email = fresh()
    for (let i = 0; i < 5; i++) expect((await start(email)).status).toBe(200)
    const sixth = await start(email)
    expect(sixth.status).toBe(429)
    expect(await errorOf(sixth)).toEqual({ code: 'rate_limited', message: 'Rate Limited' })
    s.clock.now += 10 * MINUTE + 1
    expect((await start(email)).status).toBe(200)

    s.clock.now += 11 * MINUTE
    for (let i = 0; i < 20; i++) expect((await start(fresh())).status).toBe(200)
    expect((await start(fresh())).status).toBe(429)
  })

  it('refuses a site off the allowlist, an unknown project and a malformed body', async () => {
    const off = await start(fresh(), device(), {}, { [SITE_ORIGIN_HEADER]: 'https://shop.test.evil.test' })
    expect(off.status).toBe(403)
    expect(await errorOf(off)).toMatchObject({
      code: 'invalid_app_configuration',
      message: 'Invalid App Configuration',
      field: `header.${SITE_ORIGIN_HEADER}`,
    })
    // A listed site written into the body does not help a request whose handshake origin is unlisted.
    const claimed = await start(
      fresh(),
      device(),
      { siteOrigin: SITE },
      { [SITE_ORIGIN_HEADER]: 'https://evil.test' },
    )
    expect(claimed.status).toBe(403)
    expect((await start(fresh(), device(), { projectId: 'nope' })).status).toBe(404)
    const bad = await start('not-an-email')
    expect(bad.status).toBe(400)
    expect(await errorOf(bad)).toMatchObject({ code: 'validation_error', field: 'body.email' })
  })

  it('names the handshake origin in the mail ("Requested by"), never the body\'s siteOrigin', async () => {
    const email = fresh()
    expect((await start(email, device(), { siteOrigin: 'https://evil.test' })).status).toBe(200)
    const mail = await s.lastMail(email)
    expect(mail.text).toContain(`Requested by ${SITE} from`)
    expect(mail.text).not.toContain('evil.test')
  })

  it('stores device ids only as keyed hashes', async () => {
    const email = fresh()
    const deviceId = device('hashed')
    await firstLogin(email, deviceId)
    const tables = ['approved_devices', 'sessions', 'otp_requests']
    for (const table of tables) {
      const rows = await s.db.query<{ device_id: string }>(
        `select device_id from ${table} where device_id is not null`,
      )
      expect(rows.length).toBeGreaterThan(0)
      expect(rows.some((r) => r.device_id.includes(deviceId))).toBe(false)
    }
    // And the hashed approval still makes the device known.
    s.clock.now += 11 * MINUTE
    expect(await json(await start(email, deviceId))).toMatchObject({ action: 'VERIFY_OTP' })
  })

  it('answers browsers on the secure frame origin only', async () => {
    const pre = await s.call('OPTIONS', '/v1/auth/session')
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://auth.test:15175')
    expect(pre.headers.get('access-control-allow-headers')).toContain('authorization')
    const modal = await s.call('POST', '/v1/auth/email/start', {}, { origin: 'http://modal.test:15174' })
    expect(modal.status).toBe(403)
    expect(modal.headers.get('access-control-allow-origin')).toBeNull()
    expect((await errorOf(modal)).code).toBe('origin_not_allowed')
  })
})
