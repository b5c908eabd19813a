import { createHash, randomBytes } from 'node:crypto'
import { type StartOidcReturnType, startOidc } from '@modalkit/local-oidc'
import { devLogin } from '@modalkit/local-oidc/devLogin'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AUTH_ORIGIN, type AuthTestStack, SITE, startAuthTestStack } from '../../test/startAuthTestStack.ts'

const REDIRECT = `${AUTH_ORIGIN}/oauth-callback.html`
/** The test stack's API_ORIGIN (apiOrigin) plus Apple's form_post path. */
const APPLE_REDIRECT = 'http://api.test:18787/v1/auth/social/apple/callback'
let oidc: StartOidcReturnType
let s: AuthTestStack

beforeAll(async () => {
  oidc = await startOidc({ port: 0, redirectUri: REDIRECT, appleRedirectUri: APPLE_REDIRECT })
  s = await startAuthTestStack({ socialProviders: oidc.providers })
}, 90_000)
// Every start from this loopback client counts against the real 20-per-10-minutes limit; each test
// here starts with none counted (the limit itself is tested in rateLimits.test.ts).
beforeEach(async () => {
  await s.db.query("delete from rate_events where bucket like 'social-ip:%'")
})
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
  let back = await devLogin(authorizationUrl, [REDIRECT, APPLE_REDIRECT], login)
  if (back.href.startsWith(APPLE_REDIRECT)) back = await postAsApple(back)
  expect(back.origin + back.pathname).toBe(REDIRECT)
  expect(back.searchParams.get('state')).toBe(state)
  const iss = back.searchParams.get('iss')
  return { state, codeVerifier, code: back.searchParams.get('code') ?? '', ...(iss ? { iss } : {}) }
}

/** Apple's page posts its fields to the API (`form_post`); the API sends them on to the frame's page. */
async function postAsApple(posted: URL): Promise<URL> {
  const res = await fetch(`${s.base}${posted.pathname}`, {
    method: 'POST',
    headers: { origin: oidc.origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: posted.searchParams,
    redirect: 'manual',
  })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location') ?? '')
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

  it('logs in through each provider in its real shape, the user from its ID token or its user API', async () => {
    const expected = {
      google: 'ada@google.test',
      github: 'ada@github.test', // the primary verified address of /user/emails
      discord: 'ada@discord.test',
      facebook: 'ada@facebook.test',
      apple: 'ada@apple.test', // email_verified is Apple's string "true"
      x: null, // X gives no e-mail
    }
    const users = new Set<string>()
    for (const [provider, email] of Object.entries(expected)) {
      const flow = await authorize(provider, 'ada')
      // Only Google sends iss (RFC 9207).
      expect('iss' in flow).toBe(provider === 'google')
      const res = await finish(flow)
      expect(res.status, provider).toBe(200)
      const { user } = await json<{ user: { userId: string; email: string | null } }>(res)
      expect(user.email, provider).toBe(email)
      users.add(user.userId)
      const [identity] = await s.db.query<{ sub: string }>(
        'select sub from social_identities where user_id = $1 and provider = $2',
        [user.userId, provider],
      )
      // The provider's own user id (the services' numeric ids, Apple's dotted one), not the login name;
      // the Google stand-in's subject is the login name.
      if (provider !== 'google') expect(identity?.sub, provider).toMatch(/^[0-9][0-9.a-f]+$/)
    }
    expect(users.size).toBe(6)
  })

  it('sends the provider the PKCE challenge where it takes one, a nonce to OpenID ones, form_post to Apple', async () => {
    const start = async (provider: string) =>
      new URL(
        (
          await json<{ authorizationUrl: string }>(
            await s.call('POST', '/v1/auth/social/start', {
              projectId: 'shop',
              provider,
              siteOrigin: SITE,
              deviceId: 'device-social-0123456789',
              codeChallenge: 'a'.repeat(43),
              redirectUri: REDIRECT,
            }),
          )
        ).authorizationUrl,
      ).searchParams
    const x = await start('x')
    expect(x.get('code_challenge')).toBe('a'.repeat(43))
    expect(x.get('scope')).toBe('users.read tweet.read')
    expect(x.has('nonce')).toBe(false)
    const apple = await start('apple')
    expect(apple.get('response_mode')).toBe('form_post')
    expect(apple.get('redirect_uri')).toBe(APPLE_REDIRECT)
    expect(apple.has('nonce')).toBe(true)
    expect(apple.has('code_challenge')).toBe(false)
    expect((await start('github')).get('redirect_uri')).toBe(REDIRECT)
  })

  it("forwards only code, state and error from Apple's form_post to the frame's callback page", async () => {
    const res = await fetch(`${s.base}/v1/auth/social/apple/callback`, {
      method: 'POST',
      headers: { origin: 'https://appleid.apple.com', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code: 'c',
        state: 's',
        id_token: 'ey',
        user: '{"name":{}}',
        next: 'https://evil.test',
      }),
      redirect: 'manual',
    })
    expect(res.status).toBe(303)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('location')).toBe(`${REDIRECT}?code=c&state=s`)
  })

  it('refuses an iss where the provider sends none, a wrong code, and a wrong client secret', async () => {
    const flow = await authorize('github', 'mallory')
    const injected = await finish({ ...flow, iss: oidc.providers.google.issuer })
    expect(await errorOf(injected)).toMatchObject({ code: 'connection_rejected', field: 'body.iss' })
    const other = await authorize('discord', 'mallory')
    const wrongCode = await finish({ ...other, code: 'discord-code-forged' })
    expect(await errorOf(wrongCode)).toMatchObject({ code: 'connection_rejected', field: 'body.code' })
    // A project's own client wins over SOCIAL_PROVIDERS: a wrong secret there is refused by the provider.
    await s.db.query(
      `insert into project_social_clients (project_id, provider, config) values ('shop', 'x', $1)
       on conflict (project_id, provider) do update set config = excluded.config`,
      [JSON.stringify({ ...oidc.providers.x, clientSecret: 'not-the-secret' })],
    )
    try {
      const x = await authorize('x', 'mallory')
      expect(await errorOf(await finish(x))).toMatchObject({
        code: 'connection_rejected',
        field: 'body.code',
      })
    } finally {
      await s.db.query(`delete from project_social_clients where project_id = 'shop'`)
    }
  })

  it('refuses a mismatched iss (mix-up) and a wrong PKCE verifier, spending the state', async () => {
    // Google's metadata promises iss in every answer: one without it is refused too.
    const { iss: _dropped, ...noIss } = await authorize('google', 'mallory')
    expect(await errorOf(await finish(noIss))).toMatchObject({
      code: 'connection_rejected',
      field: 'body.iss',
    })

    const flow = await authorize('google', 'mallory')
    const mixUp = await finish({ ...flow, iss: `${oidc.origin}/apple` })
    expect(await errorOf(mixUp)).toMatchObject({ code: 'connection_rejected', field: 'body.iss' })
    expect((await errorOf(await finish(flow))).field).toBe('body.state') // single use, even after a refusal

    // Apple takes no PKCE: the API's own check of the frame's verifier still binds the code to it.
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
