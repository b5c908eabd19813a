import { createHash, createHmac, randomBytes } from 'node:crypto'
import { importPKCS8, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devLogin } from './devLogin.ts'
import { type StartOidcReturnType, startOidc } from './startOidc.ts'

const REDIRECT = 'http://auth.test:15175/oauth-callback.html'
const APPLE_REDIRECT = 'http://api.test:18787/v1/auth/social/apple/callback'
let oidc: StartOidcReturnType

beforeAll(async () => {
  oidc = await startOidc({ port: 0, redirectUri: REDIRECT, appleRedirectUri: APPLE_REDIRECT })
})
afterAll(() => oidc.close())

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string }
const discover = async (issuer: string) =>
  (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Discovery
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`
const form = (fields: Record<string, string>) => new URLSearchParams(fields)
const withQuery = (base: string, fields: Record<string, string>) => `${base}?${new URLSearchParams(fields)}`

describe('Google: an OpenID provider with discovery', () => {
  it('serves its issuer and logs any name in through the dev form (PKCE S256, iss in the redirect)', async () => {
    const client = oidc.providers.google
    const d = await discover(client.issuer)
    expect(d.issuer).toBe(`${oidc.origin}/google`)
    const { verifier, challenge } = pkce()
    const back = await devLogin(
      withQuery(d.authorization_endpoint, {
        response_type: 'code',
        client_id: client.clientId,
        redirect_uri: REDIRECT,
        scope: 'openid email profile',
        state: 'st-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      REDIRECT,
      'ada',
    )
    expect(back.searchParams.get('iss')).toBe(client.issuer)
    const res = await fetch(d.token_endpoint, {
      method: 'POST',
      headers: { authorization: basic(client.clientId, client.clientSecret) },
      body: form({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    })
    const { id_token } = (await res.json()) as { id_token: string }
    const claims = JSON.parse(Buffer.from(id_token.split('.')[1] ?? '', 'base64url').toString()) as object
    expect(claims).toMatchObject({
      iss: client.issuer,
      aud: client.clientId,
      sub: 'ada',
      email: 'ada@google.test',
    })
  })

  it('refuses a request without PKCE and a redirect URI that is not the exact one', async () => {
    const client = oidc.providers.google
    const d = await discover(client.issuer)
    const params = { response_type: 'code', client_id: client.clientId, scope: 'openid', state: 's' }
    const a = await fetch(withQuery(d.authorization_endpoint, { ...params, redirect_uri: REDIRECT }), {
      redirect: 'manual',
    })
    expect(new URL(a.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request')
    const b = await fetch(withQuery(d.authorization_endpoint, { ...params, redirect_uri: `${REDIRECT}?x=1` }))
    expect(b.status).toBe(400)
  })
})

describe('GitHub: github.com/login/oauth and api.github.com', () => {
  it('answers the token form-encoded unless JSON is asked for, and gives the e-mail from /user/emails', async () => {
    const c = oidc.providers.github
    expect(c.authorizeUrl).toBe(`${oidc.origin}/github/login/oauth/authorize`)
    const { verifier, challenge } = pkce()
    const auth = { client_id: c.clientId, redirect_uri: REDIRECT, scope: 'read:user user:email', state: 'g1' }
    const back = await devLogin(
      withQuery(c.authorizeUrl, { ...auth, code_challenge: challenge, code_challenge_method: 'S256' }),
      REDIRECT,
      'Linus',
    )
    expect(back.searchParams.get('state')).toBe('g1')
    expect(back.searchParams.has('iss')).toBe(false)
    const body = {
      client_id: c.clientId,
      client_secret: c.clientSecret ?? '',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    }
    const res = await fetch(c.tokenUrl, { method: 'POST', body: form(body) })
    expect(res.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/)
    const token = new URLSearchParams(await res.text())
    expect(token.get('token_type')).toBe('bearer')
    // The code was single use: GitHub says so with a 200 and an error field.
    const again = await fetch(c.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: form(body),
    })
    expect(again.status).toBe(200)
    expect(await again.json()).toMatchObject({ error: 'bad_verification_code' })

    const headers = { authorization: `Bearer ${token.get('access_token')}`, 'user-agent': 'test' }
    const user = (await (await fetch(`${c.apiUrl}/user`, { headers })).json()) as Record<string, unknown>
    expect(user).toMatchObject({ login: 'linus', id: expect.any(Number), email: null })
    const emails = await (await fetch(`${c.apiUrl}/user/emails`, { headers })).json()
    expect(emails).toContainEqual({
      email: 'linus@github.test',
      primary: true,
      verified: true,
      visibility: 'private',
    })
    // (Its 403 without a User-Agent cannot be shown from fetch, which always sends one.)
  })

  it('refuses another redirect URI without redirecting, and a wrong PKCE verifier', async () => {
    const c = oidc.providers.github
    const wrong = await fetch(
      withQuery(c.authorizeUrl, { client_id: c.clientId, redirect_uri: `${REDIRECT}x` }),
    )
    expect(wrong.status).toBe(400)
    const { challenge } = pkce()
    const back = await devLogin(
      withQuery(c.authorizeUrl, {
        client_id: c.clientId,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      REDIRECT,
      'eve',
    )
    const res = await fetch(c.tokenUrl, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: form({
        client_id: c.clientId,
        client_secret: c.clientSecret ?? '',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
        code_verifier: pkce().verifier,
      }),
    })
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' })
  })
})

describe('X, Discord and Facebook', () => {
  it('X requires PKCE and basic client authentication; its user is /2/users/me', async () => {
    const c = oidc.providers.x
    const auth = {
      response_type: 'code',
      client_id: c.clientId,
      redirect_uri: REDIRECT,
      scope: 'users.read',
      state: 'x1',
    }
    const noPkce = await fetch(withQuery(c.authorizeUrl, auth), { redirect: 'manual' })
    expect(new URL(noPkce.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request')
    const { verifier, challenge } = pkce()
    const back = await devLogin(
      withQuery(c.authorizeUrl, { ...auth, code_challenge: challenge, code_challenge_method: 'S256' }),
      REDIRECT,
      'jack',
    )
    const body = {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    }
    const inBody = await fetch(c.tokenUrl, {
      method: 'POST',
      body: form({ ...body, client_id: c.clientId, client_secret: c.clientSecret ?? '' }),
    })
    expect(inBody.status).toBe(401)
    const back2 = await devLogin(
      withQuery(c.authorizeUrl, { ...auth, code_challenge: challenge, code_challenge_method: 'S256' }),
      REDIRECT,
      'jack',
    )
    const res = await fetch(c.tokenUrl, {
      method: 'POST',
      headers: { authorization: basic(c.clientId, c.clientSecret ?? '') },
      body: form({ ...body, code: back2.searchParams.get('code') ?? '' }),
    })
    const { access_token } = (await res.json()) as { access_token: string }
    const me = await (
      await fetch(`${c.apiUrl}/2/users/me`, { headers: { authorization: `Bearer ${access_token}` } })
    ).json()
    expect(me).toEqual({ data: { id: expect.stringMatching(/^\d+$/), name: 'jack', username: 'jack' } })
  })

  it('Discord: /api/users/@me; Facebook: Graph /me?fields= with appsecret_proof', async () => {
    const d = oidc.providers.discord
    const back = await devLogin(
      withQuery(d.authorizeUrl, {
        response_type: 'code',
        client_id: d.clientId,
        redirect_uri: REDIRECT,
        scope: 'identify email',
        state: 'd',
      }),
      REDIRECT,
      'wumpus',
    )
    const dt = (await (
      await fetch(d.tokenUrl, {
        method: 'POST',
        headers: { authorization: basic(d.clientId, d.clientSecret ?? '') },
        body: form({
          grant_type: 'authorization_code',
          code: back.searchParams.get('code') ?? '',
          redirect_uri: REDIRECT,
        }),
      })
    ).json()) as { access_token: string }
    const user = await (
      await fetch(`${d.apiUrl}/users/@me`, { headers: { authorization: `Bearer ${dt.access_token}` } })
    ).json()
    expect(user).toMatchObject({ username: 'wumpus', email: 'wumpus@discord.test', verified: true })

    const f = oidc.providers.facebook
    const fb = await devLogin(
      withQuery(f.authorizeUrl, {
        client_id: f.clientId,
        redirect_uri: REDIRECT,
        scope: 'email',
        state: 'f',
      }),
      REDIRECT,
      'mark',
    )
    const ft = (await (
      await fetch(f.tokenUrl, {
        method: 'POST',
        body: form({
          client_id: f.clientId,
          client_secret: f.clientSecret ?? '',
          code: fb.searchParams.get('code') ?? '',
          redirect_uri: REDIRECT,
        }),
      })
    ).json()) as { access_token: string }
    const proof = createHmac('sha256', f.clientSecret ?? '')
      .update(ft.access_token)
      .digest('hex')
    const me = await fetch(
      `${f.apiUrl}/me?${new URLSearchParams({ fields: 'id,email', access_token: ft.access_token, appsecret_proof: proof })}`,
    )
    expect(await me.json()).toEqual({ id: expect.stringMatching(/^\d+$/), email: 'mark@facebook.test' })
    const noProof = await fetch(
      `${f.apiUrl}/me?${new URLSearchParams({ fields: 'id', access_token: ft.access_token })}`,
    )
    expect(await noProof.json()).toMatchObject({ error: { type: 'OAuthException', code: 190 } })
  })
})

describe('Apple: form_post, a signed client secret, an ID token', () => {
  it('posts code, state and id_token to the redirect URI, and takes only a client secret signed by the team key', async () => {
    const c = oidc.providers.apple
    const auth = {
      response_type: 'code',
      response_mode: 'form_post',
      client_id: c.clientId,
      redirect_uri: APPLE_REDIRECT,
      scope: 'name email',
      state: 'a1',
      nonce: 'n-1',
    }
    const noFormPost = await fetch(withQuery(c.authorizeUrl, { ...auth, response_mode: 'query' }))
    expect(noFormPost.status).toBe(400)
    const posted = await devLogin(withQuery(c.authorizeUrl, auth), [REDIRECT, APPLE_REDIRECT], 'tim')
    expect(posted.origin + posted.pathname).toBe(APPLE_REDIRECT)
    expect(posted.searchParams.get('state')).toBe('a1')
    expect(posted.searchParams.get('id_token')).toMatch(/^ey/)
    const code = posted.searchParams.get('code') ?? ''
    const secret = async (key: Parameters<SignJWT['sign']>[0], sub = c.clientId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: c.keyId ?? '' })
        .setIssuer(c.teamId ?? '')
        .setSubject(sub)
        .setAudience(c.issuer ?? '')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key)
    const teamKey = await importPKCS8(c.privateKey ?? '', 'ES256')
    const body = {
      client_id: c.clientId,
      grant_type: 'authorization_code',
      code,
      redirect_uri: APPLE_REDIRECT,
    }
    const otherKey = (
      await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
    ).privateKey
    const forged = await fetch(c.tokenUrl, {
      method: 'POST',
      body: form({ ...body, client_secret: await secret(otherKey) }),
    })
    expect(forged.status).toBe(401)
    const res = await fetch(c.tokenUrl, {
      method: 'POST',
      body: form({ ...body, client_secret: await secret(teamKey) }),
    })
    const tokens = (await res.json()) as { id_token: string; token_type: string }
    expect(tokens.token_type).toBe('Bearer')
    const claims = JSON.parse(
      Buffer.from(tokens.id_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as object
    expect(claims).toMatchObject({
      iss: c.issuer,
      aud: c.clientId,
      nonce: 'n-1',
      email: 'tim@apple.test',
      email_verified: 'true',
    })
    const jwks = (await (await fetch(c.jwksUrl ?? '')).json()) as { keys: { kid: string }[] }
    expect(jwks.keys[0]?.kid).toBe('local-apple-1')
  })
})
