import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuthTestStack,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '../../test/startAuthTestStack.ts'
import { MINUTE } from './AuthDeps.ts'

let s: AuthTestStack
let n = 0
beforeAll(async () => {
  s = await startAuthTestStack()
}, 30_000)
afterAll(() => s.stop())

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T
const codeOfError = async (res: Response) => (await json<{ error: { code: string } }>(res)).error.code

async function login(email: string) {
  s.clock.now += 11 * MINUTE
  const deviceId = 'device-update-0123456789'
  const started = await s.call('POST', '/v1/auth/email/start', {
    projectId: 'shop',
    email,
    siteOrigin: SITE,
    deviceId,
  })
  const { requestId } = await json<{ requestId: string }>(started)
  await approveByMail(s.base, await s.lastMail(email))
  const res = await s.call('POST', '/v1/auth/email/verify', {
    requestId,
    otp: codeOf(await s.lastMail(email, 2)),
  })
  return { authorization: `Bearer ${(await json<{ sessionToken: string }>(res)).sessionToken}` }
}

describe('e-mail update (SPEC §4)', () => {
  it('needs the code sent to the current address, then the one sent to the new address', async () => {
    const old = `old${++n}@example.test`
    const next = `new${n}@example.test`
    const bearer = await login(old)
    const started = await s.call('POST', '/v1/auth/email/update/start', { newEmail: next }, bearer)
    expect(started.status).toBe(200)
    const { requestId, action } = await json<{ requestId: string; action: string }>(started)
    expect(action).toBe('VERIFY_PRIMARY_OTP')
    const primary = codeOf(await s.lastMail(old, 3))
    const secondary = codeOf(await s.lastMail(next))

    // Out of order: the new address's code first does nothing.
    const early = await s.call(
      'POST',
      '/v1/auth/email/update/verify-secondary',
      { requestId, otp: secondary },
      bearer,
    )
    expect(await codeOfError(early)).toBe('unknown_request')
    const swapped = await s.call(
      'POST',
      '/v1/auth/email/update/verify-primary',
      { requestId, otp: secondary },
      bearer,
    )
    expect(await codeOfError(swapped)).toBe('invalid_otp')

    const p = await s.call(
      'POST',
      '/v1/auth/email/update/verify-primary',
      { requestId, otp: primary },
      bearer,
    )
    expect(await json(p)).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const q = await s.call(
      'POST',
      '/v1/auth/email/update/verify-secondary',
      { requestId, otp: secondary },
      bearer,
    )
    expect(await json(q)).toEqual({ newEmail: next })
    const session = await json<{ user: { email: string } }>(
      await s.call('GET', '/v1/auth/session', undefined, bearer),
    )
    expect(session.user.email).toBe(next)
    const replay = await s.call(
      'POST',
      '/v1/auth/email/update/verify-secondary',
      { requestId, otp: secondary },
      bearer,
    )
    expect(await codeOfError(replay)).toBe('otp_used')
  })

  it("needs a session, and is bound to that session's user", async () => {
    const a = await login(`a${++n}@example.test`)
    const b = await login(`b${n}@example.test`)
    expect((await s.call('POST', '/v1/auth/email/update/start', { newEmail: 'x@example.test' })).status).toBe(
      401,
    )
    const { requestId } = await json<{ requestId: string }>(
      await s.call('POST', '/v1/auth/email/update/start', { newEmail: `c${n}@example.test` }, a),
    )
    const code = codeOf(await s.lastMail(`a${n}@example.test`, 3))
    const other = await s.call('POST', '/v1/auth/email/update/verify-primary', { requestId, otp: code }, b)
    expect(await codeOfError(other)).toBe('unknown_request')
  })

  it('tells a taken address only after both codes', async () => {
    const taken = `taken${++n}@example.test`
    await login(taken)
    const mine = `mine${n}@example.test`
    const bearer = await login(mine)
    const { requestId } = await json<{ requestId: string }>(
      await s.call('POST', '/v1/auth/email/update/start', { newEmail: taken }, bearer),
    )
    const primary = codeOf(await s.lastMail(mine, 3))
    const secondary = codeOf(await s.lastMail(taken, 3))
    await s.call('POST', '/v1/auth/email/update/verify-primary', { requestId, otp: primary }, bearer)
    const res = await s.call(
      'POST',
      '/v1/auth/email/update/verify-secondary',
      { requestId, otp: secondary },
      bearer,
    )
    expect(res.status).toBe(409)
    expect(await codeOfError(res)).toBe('email_in_use')
  })
})
