import { createHmac } from 'node:crypto'
import type { SocialProvider } from '@modalkit/protocol'
import { importPKCS8, SignJWT } from 'jose'
import * as oauth from 'oauth4webapi'
import type { SocialProviderConfig } from './socialProviders.ts'

/**
 * Each provider as it really is (2026): Google is OpenID Connect with discovery; Apple is OpenID
 * Connect without PKCE, answering by `form_post` and taking a client secret that is an ES256 JWT we
 * sign; GitHub, Discord, X and Facebook are plain OAuth 2, the user read from their own APIs.
 * Where a provider takes PKCE, the secure frame's challenge goes to it too (X requires it).
 */
type Shape = {
  issuer: string
  authorizeUrl: string
  tokenUrl: string
  apiUrl?: string
  jwksUrl?: string
  scope: string
  pkce: boolean
  oidc: boolean
  auth: 'basic' | 'post'
  formPost?: boolean
}

const SHAPES: Record<Exclude<SocialProvider, 'google'>, Shape> = {
  github: {
    issuer: 'https://github.com/login/oauth',
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    apiUrl: 'https://api.github.com',
    scope: 'read:user user:email',
    pkce: true,
    oidc: false,
    auth: 'post',
  },
  discord: {
    issuer: 'https://discord.com',
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    apiUrl: 'https://discord.com/api',
    scope: 'identify email',
    pkce: true,
    oidc: false,
    auth: 'basic',
  },
  x: {
    issuer: 'https://x.com',
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    apiUrl: 'https://api.x.com',
    scope: 'users.read tweet.read',
    pkce: true,
    oidc: false,
    auth: 'basic',
  },
  facebook: {
    issuer: 'https://www.facebook.com',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    apiUrl: 'https://graph.facebook.com/v19.0',
    scope: 'email public_profile',
    pkce: false,
    oidc: false,
    auth: 'post',
  },
  apple: {
    issuer: 'https://appleid.apple.com',
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    scope: 'name email',
    pkce: false,
    oidc: true,
    auth: 'post',
    formPost: true,
  },
}
const GOOGLE_ISSUER = 'https://accounts.google.com'

export type ResolvedProvider = {
  provider: SocialProvider
  as: oauth.AuthorizationServer
  client: oauth.Client
  scope: string
  pkce: boolean
  oidc: boolean
  formPost: boolean
  apiUrl: string | undefined
  config: SocialProviderConfig
}

/** Plain http only for a stand-in on loopback (the local stack); oauth4webapi refuses it otherwise. */
export const requestOptions = (url: string) => {
  const { protocol, hostname } = new URL(url)
  const loopback = hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]'
  return {
    [oauth.allowInsecureRequests]: protocol === 'http:' && loopback,
    signal: AbortSignal.timeout(10_000),
  }
}

const discovered = new Map<string, Promise<oauth.AuthorizationServer>>()
/** Google's metadata, fetched once per process (a cache, not state); its issuer must be the one asked. */
function discover(issuer: string): Promise<oauth.AuthorizationServer> {
  let pending = discovered.get(issuer)
  if (!pending) {
    const url = new URL(issuer)
    pending = oauth
      .discoveryRequest(url, requestOptions(issuer))
      .then((res) => oauth.processDiscoveryResponse(url, res))
    discovered.set(issuer, pending)
    pending.catch(() => discovered.delete(issuer))
  }
  return pending
}

export async function resolveProvider(
  provider: SocialProvider,
  config: SocialProviderConfig,
): Promise<ResolvedProvider> {
  const client: oauth.Client = { client_id: config.clientId }
  if (provider === 'google') {
    const as = await discover(config.issuer ?? GOOGLE_ISSUER)
    const common = {
      scope: 'openid email profile',
      pkce: true,
      oidc: true,
      formPost: false,
      apiUrl: undefined,
    }
    return { provider, as, client, config, ...common }
  }
  const shape = SHAPES[provider]
  const as: oauth.AuthorizationServer = {
    issuer: config.issuer ?? shape.issuer,
    authorization_endpoint: config.authorizeUrl ?? shape.authorizeUrl,
    token_endpoint: config.tokenUrl ?? shape.tokenUrl,
    ...(shape.jwksUrl ? { jwks_uri: config.jwksUrl ?? shape.jwksUrl } : {}),
  }
  const { scope, pkce, oidc } = shape
  return {
    provider,
    as,
    client,
    config,
    scope,
    pkce,
    oidc,
    formPost: !!shape.formPost,
    apiUrl: config.apiUrl ?? shape.apiUrl,
  }
}

/** Apple's client secret: a JWT signed with the team's key, 5 minutes long (Apple allows up to 6 months). */
async function appleClientSecret(p: ResolvedProvider, now: number): Promise<string> {
  const { teamId = '', keyId = '', privateKey = '', clientId } = p.config
  const iat = Math.floor(now / 1000)
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: keyId })
    .setIssuer(teamId)
    .setSubject(clientId)
    .setAudience(p.as.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(await importPKCS8(privateKey, 'ES256'))
}

export async function clientAuthOf(p: ResolvedProvider, now: number): Promise<oauth.ClientAuth> {
  if (p.provider === 'apple') return oauth.ClientSecretPost(await appleClientSecret(p, now))
  const secret = p.config.clientSecret ?? ''
  const shape = p.provider === 'google' ? 'basic' : SHAPES[p.provider].auth
  return shape === 'basic' ? oauth.ClientSecretBasic(secret) : oauth.ClientSecretPost(secret)
}

export type Identity = { sub: string; email: string | null }

async function getJson(url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetch(url, {
    headers: { accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(10_000),
  })
  if (!res.ok) throw new Error(`${new URL(url).pathname}: HTTP ${res.status}`)
  return res.json()
}
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
const idOf = (value: unknown): string => {
  if ((typeof value === 'string' && value) || (typeof value === 'number' && Number.isSafeInteger(value)))
    return String(value)
  throw new Error('the user API gave no id')
}

/** The user of a plain OAuth 2 provider, from its own API; an e-mail only where it says verified. */
export async function fetchIdentity(p: ResolvedProvider, accessToken: string): Promise<Identity> {
  const api = p.apiUrl ?? ''
  const bearer = { authorization: `Bearer ${accessToken}` }
  switch (p.provider) {
    case 'github': {
      // GitHub refuses API calls without a User-Agent; /user's email is only the public one.
      const headers = { ...bearer, accept: 'application/vnd.github+json', 'user-agent': 'modalkit' }
      const user = record(await getJson(`${api}/user`, headers))
      const emails = await getJson(`${api}/user/emails`, headers)
      const primary = (Array.isArray(emails) ? emails : []).map(record).find((e) => e.primary && e.verified)
      return { sub: idOf(user.id), email: typeof primary?.email === 'string' ? primary.email : null }
    }
    case 'discord': {
      const user = record(await getJson(`${api}/users/@me`, bearer))
      const email = user.verified === true && typeof user.email === 'string' ? user.email : null
      return { sub: idOf(user.id), email }
    }
    case 'x': {
      // X gives no e-mail for `users.read`.
      const { data } = record(await getJson(`${api}/2/users/me`, bearer))
      return { sub: idOf(record(data).id), email: null }
    }
    case 'facebook': {
      // Graph API: the token as a parameter, signed by the app secret (appsecret_proof).
      const proof = createHmac('sha256', p.config.clientSecret ?? '')
        .update(accessToken)
        .digest('hex')
      const query = new URLSearchParams({
        fields: 'id,name,email',
        access_token: accessToken,
        appsecret_proof: proof,
      })
      const user = record(await getJson(`${api}/me?${query}`, {}))
      // Facebook returns only a confirmed address as `email`.
      return { sub: idOf(user.id), email: typeof user.email === 'string' ? user.email : null }
    }
    default:
      throw new Error(`${p.provider} is OpenID Connect: its user is in the ID token`)
  }
}
