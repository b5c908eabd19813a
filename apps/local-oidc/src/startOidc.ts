/// <reference path="./oidc-provider.d.ts" />
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Account } from 'oidc-provider'
import { createPlainStandIns, type StandInClient } from './oauthStandIns.ts'

/**
 * The six social providers of SPEC §3 on one local server, each in its real shape: Google as an
 * OpenID provider with discovery (`oidc-provider`, issuer `/google`), the other five as their
 * services answer (oauthStandIns.ts: `/github` for github.com, `/github-api` for api.github.com, …).
 */
export const OIDC_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number]

export type OidcClient = { issuer: string; clientId: string; clientSecret: string }
/** A provider's client as the API's `SOCIAL_PROVIDERS` takes it (ids, secrets, stand-in endpoints). */
export type ProviderClient = OidcClient | StandInClient

export type StartOidcParameters = {
  host?: string
  /** 0 picks a free port (tests). */
  port?: number
  /** The secure frame's callback page: every client's one exact redirect URI, but Apple's. */
  redirectUri: string
  /** Apple's (it posts its answer, `form_post`): the API's `/v1/auth/social/apple/callback`. */
  appleRedirectUri?: string
}

export type StartOidcReturnType = {
  server: Server
  /** `http://host:port`, without a provider path. */
  origin: string
  /** Client and endpoints per provider: the API's `SOCIAL_PROVIDERS` value. */
  providers: { google: OidcClient } & Record<Exclude<OidcProviderName, 'google'>, StandInClient>
  close(): Promise<void>
}

/** A login name becomes `<login>@<provider>.test`; the name doubles as the stable subject. */
function account(provider: OidcProviderName, login: string): Account {
  const sub = login.trim().toLowerCase()
  return {
    accountId: sub,
    claims: () => ({ sub, email: `${sub}@${provider}.test`, email_verified: true, name: sub }),
  }
}

function createProvider(name: OidcProviderName, client: OidcClient, redirectUri: string): Provider {
  return new Provider(client.issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE for every client, confidential ones too (SECURITY.md: PKCE S256 with the verifier in A).
    pkce: { required: () => true },
    // devInteractions renders a login form at `<issuer>/interaction/<uid>`: a text input
    // `name="login"` (any name), a password input `name="password"` (anything), a hidden
    // `prompt=login`, and the submit button `button.login-submit` ("Sign-in"). Consent is skipped
    // (loadExistingGrant below), so Playwright fills that one form and lands on the redirect URI.
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, sub) => account(name, sub),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the scope's claims in the ID token as Google and Apple do (the API reads no userinfo).
    conformIdTokenClaims: false,
    // One cookie name set per issuer: all six share one host, and cookies do not see ports or paths
    // the way issuers do.
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      names: { session: `_session_${name}`, interaction: `_interaction_${name}`, resume: `_resume_${name}` },
    },
    loadExistingGrant: async (ctx) => {
      const clientId = ctx.oidc.client?.clientId
      const accountId = ctx.oidc.session?.accountId
      if (!clientId || !accountId) return undefined
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  })
}

/** Routes `/google/…` to the OpenID issuer, as if mounted on its own path. */
function mount(providers: Map<string, Provider>) {
  return (
    req: IncomingMessage & { originalUrl?: string },
    res: Parameters<ReturnType<Provider['callback']>>[1],
  ) => {
    const url = req.url ?? '/'
    const name = /^\/([a-z]+)(?=\/|\?|$)/.exec(url)?.[1]
    const provider = name ? providers.get(name) : undefined
    if (!name || !provider) {
      res.statusCode = 404
      res.end('no such issuer')
      return
    }
    // oidc-provider derives its mount path from originalUrl minus url (connect/express convention).
    req.originalUrl = url
    req.url = url.slice(name.length + 1) || '/'
    provider.callback()(req, res)
  }
}

/**
 * Starts the local social providers on one HTTP server (`http://host:port/google`, `/github`, …),
 * each with one confidential client whose only redirect URI is the secure frame's callback page
 * (Apple's: the API's form_post endpoint).
 */
export async function startOidc({
  host = '127.0.0.1',
  port = 8790,
  redirectUri,
  appleRedirectUri = 'http://localhost:8787/v1/auth/social/apple/callback',
}: StartOidcParameters): Promise<StartOidcReturnType> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`
  // Local-only secrets: these services exist on loopback for development and tests.
  const google = { issuer: `${origin}/google`, clientId: 'local-google', clientSecret: 'local-google-secret' }
  const instances = new Map([['google', createProvider('google', google, redirectUri)]])
  const plain = await createPlainStandIns(origin, {
    github: redirectUri,
    discord: redirectUri,
    x: redirectUri,
    facebook: redirectUri,
    apple: appleRedirectUri,
  })
  const providers = { google, ...plain.clients }
  const toGoogle = mount(instances)
  server.on('request', (req, res) => {
    plain
      .handle(req, res)
      .then((done) => done || toGoogle(req, res))
      .catch((error: unknown) => {
        console.error('local OAuth stand-in:', error)
        if (!res.headersSent) res.writeHead(500).end()
      })
  })
  return {
    server,
    origin,
    providers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
