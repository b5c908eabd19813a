import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devLogin } from './devLogin.ts'
import { OIDC_PROVIDERS, type StartOidcReturnType, startOidc } from './startOidc.ts'

const REDIRECT = 'http://auth.test:15175/oauth-callback.html'
let oidc: StartOidcReturnType

beforeAll(async () => {
  oidc = await startOidc({ port: 0, redirectUri: REDIRECT })
})
afterAll(() => oidc.close())

type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string }
const discover = async (issuer: string) =>
  (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Discovery

const authUrl = (d: Discovery, clientId: string, challenge: string, redirectUri = REDIRECT) =>
  `${d.authorization_endpoint}?${new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    state: 'st-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  })}`

describe('startOidc', () => {
  it('serves one issuer per social provider', async () => {
    for (const name of OIDC_PROVIDERS) {
      const d = await discover(oidc.providers[name].issuer)
      expect(d.issuer).toBe(`${oidc.origin}/${name}`)
      expect(d.token_endpoint).toBe(`${oidc.origin}/${name}/token`)
    }
  })

  it('logs any name in through the dev form and issues tokens for the code (PKCE S256)', async () => {
    const client = oidc.providers.github
    const d = await discover(client.issuer)
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const back = await devLogin(authUrl(d, client.clientId, challenge), REDIRECT, 'ada')
    expect(back.searchParams.get('state')).toBe('st-1')
    expect(back.searchParams.get('iss')).toBe(client.issuer)
    const res = await fetch(d.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    })
    expect(res.status).toBe(200)
    const { id_token } = (await res.json()) as { id_token: string }
    const claims = JSON.parse(Buffer.from(id_token.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >
    expect(claims).toMatchObject({
      iss: client.issuer,
      aud: client.clientId,
      sub: 'ada',
      email: 'ada@github.test',
    })
  })

  it('refuses a request without PKCE and a redirect URI that is not the exact one', async () => {
    const client = oidc.providers.google
    const d = await discover(client.issuer)
    const noPkce = new URL(authUrl(d, client.clientId, 'x'.repeat(43)))
    noPkce.searchParams.delete('code_challenge')
    noPkce.searchParams.delete('code_challenge_method')
    const a = await fetch(noPkce, { redirect: 'manual' })
    expect(new URL(a.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request')
    const b = await fetch(authUrl(d, client.clientId, 'x'.repeat(43), `${REDIRECT}?x=1`), {
      redirect: 'manual',
    })
    expect(b.status).toBe(400)
    expect(await b.text()).toContain('redirect_uri did not match')
  })
})
