import { createHash, randomBytes } from 'node:crypto'
import { type StartOidcReturnType, startOidc } from '@modalkit/local-oidc'
import { devLogin } from '@modalkit/local-oidc/devLogin'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_ORIGIN, type AuthTestStack, SITE, startAuthTestStack } from '../../test/startAuthTestStack.ts'

const REDIRECT = `${AUTH_ORIGIN}/oauth-callback.html`
let oidc: StartOidcReturnType
let s: AuthTestStack

beforeAll(async () => {
  oidc = await startOidc({ port: 0, redirectUri: REDIRECT })
  s = await startAuthTestStack({ socialProviders: oidc.providers })
}, 30_000)
afterAll(async () => {
  await s.stop()
  await oidc.close()
})

const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T
const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string; field?: string } }>(res)).error

/** What the secure frame does: make a verifier, start, send the user to the provider, read the callback. */
async function authorize(provider: string, login: string, patch: Record<string, unknown> = {}) {
  const codeVerifier = randomBytes(32).toString('base64url')
  const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url')
  const started = await s.call('POST', '/v1/auth/social/start', {
    projectId: 'shop',
    provider,
    siteOrigin: SITE,
    deviceId: 'device-social-0123456789',
    codeChallenge,
    redirectUri: REDIRECT,
    ...patch,
  })
  expect(started.status).toBe(200)
  const { authorizationUrl, state } = await json<{ authorizationUrl: string; state: string }>(started)
  const back = await devLogin(authorizationUrl, REDIRECT, login)
  expect(back.searchParams.get('state')).toBe(state)
  return {
    state,
    codeVerifier,
    code: back.searchParams.get('code') ?? '',
    iss: back.searchParams.get('iss') ?? '',
  }
}
const finish = (body: Record<string, unknown>) => s.call('POST', '/v1/auth/social/finish', body)

describe('social login (OAuth 2 + PKCE against the local OpenID provider)', () => {
  it('logs in, creates the user once per (provider, sub), and approves the device', async () => {
    const first = await finish(await authorize('google', 'grace'))
    expect(first.status).toBe(200)
    const a = await json<{ sessionToken: string; user: { userId: string } }>(first)
    expect(a.user).toEqual({
      userId: expect.any(String),
      email: 'grace@google.test',
      addresses: null,
      isNewUser: true,
    })
    const session = await s.call('GET', '/v1/auth/session', undefined, {
      authorization: `Bearer ${a.sessionToken}`,
    })
    expect(session.status).toBe(200)

    const again = await json<{ user: { userId: string; isNewUser: boolean } }>(
      await finish(await authorize('google', 'grace')),
    )
    expect(again.user).toMatchObject({ userId: a.user.userId, isNewUser: false })
    const github = await json<{ user: { userId: string } }>(await finish(await authorize('github', 'grace')))
    expect(github.user.userId).not.toBe(a.user.userId) // another provider's subject is another account
    const approved = await s.db.query('select 1 from approved_devices where user_id = $1', [a.user.userId])
    expect(approved).toHaveLength(1)
  })

  it('refuses a wrong state and a replayed state', async () => {
    const flow = await authorize('discord', 'eve')
    const wrong = await finish({ ...flow, state: randomBytes(32).toString('base64url') })
    expect(wrong.status).toBe(401)
    expect(await errorOf(wrong)).toEqual({
      code: 'connection_rejected',
      message: 'Connection rejected',
      field: 'body.state',
    })
    expect((await finish(flow)).status).toBe(200)
    const replay = await finish(flow)
    expect(replay.status).toBe(401)
    expect((await errorOf(replay)).field).toBe('body.state')
  })

  it('refuses a mismatched iss (mix-up) and a wrong PKCE verifier, spending the state', async () => {
    const flow = await authorize('apple', 'mallory')
    const mixUp = await finish({ ...flow, iss: oidc.providers.google.issuer })
    expect(await errorOf(mixUp)).toMatchObject({ code: 'connection_rejected', field: 'body.iss' })
    expect((await errorOf(await finish(flow))).field).toBe('body.state') // single use, even after a refusal

    const other = await authorize('apple', 'mallory')
    const verifier = await finish({ ...other, codeVerifier: randomBytes(32).toString('base64url') })
    expect(await errorOf(verifier)).toMatchObject({ code: 'connection_rejected', field: 'body.codeVerifier' })
  })

  it('starts only for the exact redirect URI, an enabled provider and a known provider name', async () => {
    const body = {
      projectId: 'shop',
      provider: 'google',
      siteOrigin: SITE,
      deviceId: 'device-social-0123456789',
      codeChallenge: 'a'.repeat(43),
      redirectUri: REDIRECT,
    }
    const redirect = await s.call('POST', '/v1/auth/social/start', { ...body, redirectUri: `${REDIRECT}?x` })
    expect(await errorOf(redirect)).toMatchObject({ code: 'validation_error', field: 'body.redirectUri' })
    const disabled = await s.call('POST', '/v1/auth/social/start', {
      ...body,
      projectId: 'google-only',
      provider: 'x',
    })
    expect(await errorOf(disabled)).toMatchObject({ code: 'social_disabled' })
    const unknown = await s.call('POST', '/v1/auth/social/start', { ...body, provider: 'myspace' })
    expect(await errorOf(unknown)).toMatchObject({ code: 'validation_error', field: 'body.provider' })
    const site = await s.call('POST', '/v1/auth/social/start', body, {
      [SITE_ORIGIN_HEADER]: 'https://evil.test',
    })
    expect((await errorOf(site)).code).toBe('invalid_app_configuration')
  })
})
