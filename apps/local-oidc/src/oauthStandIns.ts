import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { exportJWK, exportPKCS8, generateKeyPair, jwtVerify, SignJWT } from 'jose'

/**
 * GitHub, Discord, X, Facebook and Apple as their real services answer (2026 documentation), on one
 * local server: the same paths under a per-host prefix (`/github` is github.com, `/github-api`
 * api.github.com, …), parameters, client authentication, token responses, error shapes and user APIs.
 * What a stand-in cannot have (real accounts, consent screens) is a login form taking any name.
 */
export const PLAIN_PROVIDERS = ['github', 'apple', 'facebook', 'x', 'discord'] as const
export type PlainProvider = (typeof PLAIN_PROVIDERS)[number]

type Spec = {
  authorize: string
  token: string
  /** How the client must authenticate at the token endpoint. */
  clientAuth: 'basic' | 'post' | 'either' | 'apple-jwt'
  pkce: 'required' | 'optional' | 'none'
  formPost?: boolean
}
const SPECS: Record<PlainProvider, Spec> = {
  github: {
    authorize: '/github/login/oauth/authorize',
    token: '/github/login/oauth/access_token',
    clientAuth: 'either',
    pkce: 'optional',
  },
  discord: {
    authorize: '/discord/oauth2/authorize',
    token: '/discord/api/oauth2/token',
    clientAuth: 'either',
    pkce: 'optional',
  },
  x: {
    authorize: '/x/i/oauth2/authorize',
    token: '/x-api/2/oauth2/token',
    clientAuth: 'basic',
    pkce: 'required',
  },
  facebook: {
    authorize: '/facebook/v19.0/dialog/oauth',
    token: '/facebook-graph/v19.0/oauth/access_token',
    clientAuth: 'either',
    pkce: 'none',
  },
  apple: {
    authorize: '/apple/auth/authorize',
    token: '/apple/auth/token',
    clientAuth: 'apple-jwt',
    pkce: 'none',
    formPost: true,
  },
}

export type StandInClient = {
  clientId: string
  clientSecret?: string
  teamId?: string
  keyId?: string
  privateKey?: string
  issuer?: string
  authorizeUrl: string
  tokenUrl: string
  apiUrl?: string
  jwksUrl?: string
}

type Grant = {
  provider: PlainProvider
  login: string
  redirectUri: string
  challenge: string | undefined
  nonce: string | undefined
  expires: number
}

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`
/** A stable numeric id per (provider, login), as the services' numeric ids are. */
const numericId = (provider: string, login: string) =>
  String(Number.parseInt(createHash('sha256').update(`${provider}:${login}`).digest('hex').slice(0, 12), 16))
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}
function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': type, ...headers })
  res.end(body)
}
const sendJson = (res: ServerResponse, status: number, value: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(value))
const equal = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/** The login page: the same fields oidc-provider's dev form has (`login`, `password`, `button.login-submit`). */
const loginPage = (provider: string, action: string) =>
  `<!doctype html><meta charset="utf-8"><title>Sign in to ${provider}</title><h1>Sign in to ${provider} (local stand-in)</h1>
<form method="post" action="${escapeHtml(action)}"><input name="login" placeholder="Any name" autofocus>
<input name="password" type="password" placeholder="Anything"><button class="login-submit" type="submit">Sign-in</button></form>`

/** Apple's `form_post`: a page that posts the answer to the redirect URI at once. */
const formPostPage = (redirectUri: string, fields: Record<string, string>) =>
  `<!doctype html><meta charset="utf-8"><title>Signing in…</title><body onload="document.forms[0].submit()">
<form method="post" action="${escapeHtml(redirectUri)}">${Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')}</form></body>`

export async function createPlainStandIns(origin: string, redirectUris: Record<PlainProvider, string>) {
  const appleIssuer = `${origin}/apple`
  const idTokenKeys = await generateKeyPair('RS256', { extractable: true })
  const idTokenJwk = {
    ...(await exportJWK(idTokenKeys.publicKey)),
    kid: 'local-apple-1',
    alg: 'RS256',
    use: 'sig',
  }
  // The "team key" a developer downloads from Apple (.p8): the API signs its client secret with it.
  const teamKeys = await generateKeyPair('ES256', { extractable: true })
  const clients: Record<PlainProvider, StandInClient> = {
    github: { clientId: 'local-github', clientSecret: 'local-github-secret', authorizeUrl: '', tokenUrl: '' },
    discord: {
      clientId: 'local-discord',
      clientSecret: 'local-discord-secret',
      authorizeUrl: '',
      tokenUrl: '',
    },
    x: { clientId: 'local-x', clientSecret: 'local-x-secret', authorizeUrl: '', tokenUrl: '' },
    facebook: {
      clientId: 'local-facebook',
      clientSecret: 'local-facebook-secret',
      authorizeUrl: '',
      tokenUrl: '',
    },
    apple: {
      clientId: 'test.modalkit.local',
      teamId: 'LOCALTEAM1',
      keyId: 'LOCALKEY01',
      privateKey: await exportPKCS8(teamKeys.privateKey),
      issuer: appleIssuer,
      jwksUrl: `${appleIssuer}/auth/keys`,
      authorizeUrl: '',
      tokenUrl: '',
    },
  }
  for (const name of PLAIN_PROVIDERS) {
    clients[name].authorizeUrl = `${origin}${SPECS[name].authorize}`
    clients[name].tokenUrl = `${origin}${SPECS[name].token}`
  }
  clients.github.apiUrl = `${origin}/github-api`
  clients.discord.apiUrl = `${origin}/discord/api`
  clients.x.apiUrl = `${origin}/x-api`
  clients.facebook.apiUrl = `${origin}/facebook-graph/v19.0`

  const codes = new Map<string, Grant>()
  const accessTokens = new Map<string, { provider: PlainProvider; login: string }>()

  /** GET shows the form after checking the request as the service would; POST signs in and answers. */
  async function authorize(name: PlainProvider, req: IncomingMessage, res: ServerResponse, url: URL) {
    const spec = SPECS[name]
    const q = url.searchParams
    const client = clients[name]
    if (q.get('client_id') !== client.clientId) return send(res, 400, 'text/plain', 'Invalid client_id')
    const redirectUri = q.get('redirect_uri')
    // Every service refuses, without redirecting, a redirect URI not registered for the client.
    if (redirectUri !== redirectUris[name])
      return send(res, 400, 'text/plain', 'The redirect_uri is not associated with this application.')
    const back = (params: Record<string, string>) => {
      const to = new URL(redirectUri)
      for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v)
      res.writeHead(302, { location: to.href }).end()
    }
    const state = q.get('state') ?? ''
    // GitHub and Facebook take `code` as the default response type; the others require it.
    if (name !== 'github' && name !== 'facebook' && q.get('response_type') !== 'code')
      return back({ error: 'unsupported_response_type', state })
    const challenge = q.get('code_challenge') ?? undefined
    if (spec.pkce === 'required' && !challenge) return back({ error: 'invalid_request', state })
    if (challenge && (spec.pkce === 'none' || q.get('code_challenge_method') !== 'S256'))
      return back({ error: 'invalid_request', state })
    // Apple: requesting name or email requires response_mode=form_post.
    if (spec.formPost && q.get('response_mode') !== 'form_post')
      return send(
        res,
        400,
        'text/plain',
        'response_mode must be form_post when name or email scope is requested.',
      )
    if (req.method === 'GET')
      return send(res, 200, 'text/html; charset=utf-8', loginPage(name, url.pathname + url.search))
    const login = ((await readForm(req)).get('login') ?? '').trim().toLowerCase()
    if (!login) return send(res, 200, 'text/html; charset=utf-8', loginPage(name, url.pathname + url.search))
    const code = token(`${name}-code-`)
    const nonce = q.get('nonce') ?? undefined
    codes.set(code, { provider: name, login, redirectUri, challenge, nonce, expires: Date.now() + 600_000 })
    if (!spec.formPost) return back({ code, ...(state ? { state } : {}) })
    const idToken = await appleIdToken(login, nonce, code)
    return send(
      res,
      200,
      'text/html; charset=utf-8',
      formPostPage(redirectUri, { code, state, id_token: idToken }),
    )
  }

  const appleSub = (login: string) =>
    `00${numericId('apple', login).slice(0, 4)}.${createHash('sha256').update(login).digest('hex').slice(0, 32)}.0${numericId('apple', login).slice(-3)}`
  async function appleIdToken(login: string, nonce: string | undefined, code: string) {
    return new SignJWT({
      email: `${login}@apple.test`,
      email_verified: 'true',
      is_private_email: 'false',
      auth_time: Math.floor(Date.now() / 1000),
      nonce_supported: true,
      c_hash: createHash('sha256').update(code).digest().subarray(0, 16).toString('base64url'),
      ...(nonce ? { nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: idTokenJwk.kid })
      .setIssuer(appleIssuer)
      .setAudience(clients.apple.clientId)
      .setSubject(appleSub(login))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(idTokenKeys.privateKey)
  }

  /** The client's credentials as the service takes them; undefined when they are missing or wrong. */
  async function authenticate(name: PlainProvider, req: IncomingMessage, form: URLSearchParams) {
    const client = clients[name]
    const mode = SPECS[name].clientAuth
    if (mode === 'apple-jwt') {
      if (form.get('client_id') !== client.clientId) return false
      try {
        await jwtVerify(form.get('client_secret') ?? '', teamKeys.publicKey, {
          algorithms: ['ES256'],
          issuer: client.teamId ?? '',
          subject: client.clientId,
          audience: appleIssuer,
          maxTokenAge: '180d',
        })
        return true
      } catch {
        return false
      }
    }
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (basic) {
      const [id = '', secret = ''] = Buffer.from(basic, 'base64')
        .toString()
        .split(':')
        .map(decodeURIComponent)
      return mode !== 'post' && id === client.clientId && equal(secret, client.clientSecret ?? '')
    }
    return (
      mode !== 'basic' &&
      form.get('client_id') === client.clientId &&
      equal(form.get('client_secret') ?? '', client.clientSecret ?? '')
    )
  }

  async function tokenEndpoint(name: PlainProvider, req: IncomingMessage, res: ServerResponse) {
    const form = await readForm(req)
    const wantsJson = (req.headers.accept ?? '').includes('application/json')
    const fail = (error: string, description: string) => {
      if (name === 'github') {
        // GitHub answers token errors with 200, form-encoded unless JSON was asked for.
        const body = { error, error_description: description }
        return wantsJson
          ? sendJson(res, 200, body)
          : send(res, 200, 'application/x-www-form-urlencoded', new URLSearchParams(body).toString())
      }
      if (name === 'facebook')
        return sendJson(res, 400, { error: { message: description, type: 'OAuthException', code: 100 } })
      return sendJson(res, error === 'invalid_client' ? 401 : 400, { error, error_description: description })
    }
    if (!(await authenticate(name, req, form))) return fail('invalid_client', 'Client authentication failed')
    if (name !== 'github' && name !== 'facebook' && form.get('grant_type') !== 'authorization_code')
      return fail('unsupported_grant_type', 'grant_type must be authorization_code')
    const code = form.get('code') ?? ''
    const grant = codes.get(code)
    codes.delete(code) // single use
    if (!grant || grant.provider !== name || grant.expires < Date.now())
      return fail(
        name === 'github' ? 'bad_verification_code' : 'invalid_grant',
        'The code is incorrect or expired.',
      )
    if (form.get('redirect_uri') !== grant.redirectUri)
      return fail(
        name === 'github' ? 'redirect_uri_mismatch' : 'invalid_grant',
        'redirect_uri does not match',
      )
    if (grant.challenge) {
      const verifier = form.get('code_verifier') ?? ''
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
        return fail('invalid_grant', 'code_verifier does not match')
    }
    const accessToken = token(name === 'github' ? 'gho_' : `${name}-at-`)
    accessTokens.set(accessToken, { provider: name, login: grant.login })
    switch (name) {
      case 'github': {
        const body = { access_token: accessToken, scope: 'read:user,user:email', token_type: 'bearer' }
        return wantsJson
          ? sendJson(res, 200, body)
          : send(
              res,
              200,
              'application/x-www-form-urlencoded; charset=utf-8',
              new URLSearchParams(body).toString(),
            )
      }
      case 'facebook':
        return sendJson(res, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5183944 })
      case 'apple':
        return sendJson(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 3600,
          refresh_token: token('apple-rt-'),
          id_token: await appleIdToken(grant.login, grant.nonce, code),
        })
      default:
        return sendJson(res, 200, {
          access_token: accessToken,
          token_type: name === 'x' ? 'bearer' : 'Bearer',
          expires_in: 7200,
          scope: name === 'x' ? 'users.read tweet.read' : 'identify email',
          ...(name === 'discord' ? { refresh_token: token('discord-rt-') } : {}),
        })
    }
  }

  const bearer = (req: IncomingMessage, name: PlainProvider, schemes = ['Bearer']) => {
    const [scheme = '', value = ''] = (req.headers.authorization ?? '').split(' ')
    const found = schemes.includes(scheme) ? accessTokens.get(value) : undefined
    return found?.provider === name ? found.login : undefined
  }

  async function userApi(
    name: PlainProvider,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    path: string,
  ) {
    if (name === 'github') {
      // GitHub takes `Bearer` or `token`, and refuses requests without a User-Agent.
      if (!req.headers['user-agent'])
        return sendJson(res, 403, {
          message:
            'Request forbidden by administrative rules. Please make sure your request has a User-Agent header',
        })
      const login = bearer(req, name, ['Bearer', 'token'])
      if (!login) return sendJson(res, 401, { message: 'Bad credentials', status: '401' })
      if (path === '/user')
        return sendJson(res, 200, {
          login,
          id: Number(numericId(name, login)),
          node_id: `U_${login}`,
          type: 'User',
          name: login,
          email: null,
        })
      if (path === '/user/emails')
        return sendJson(res, 200, [
          { email: `${login}+old@github.test`, primary: false, verified: false, visibility: null },
          { email: `${login}@github.test`, primary: true, verified: true, visibility: 'private' },
        ])
    }
    if (name === 'discord' && path === '/users/@me') {
      const login = bearer(req, name)
      if (!login) return sendJson(res, 401, { message: '401: Unauthorized', code: 0 })
      return sendJson(res, 200, {
        id: numericId(name, login),
        username: login,
        global_name: login,
        avatar: null,
        email: `${login}@discord.test`,
        verified: true,
      })
    }
    if (name === 'x' && path === '/2/users/me') {
      const login = bearer(req, name)
      if (!login)
        return sendJson(res, 401, {
          title: 'Unauthorized',
          type: 'about:blank',
          status: 401,
          detail: 'Unauthorized',
        })
      return sendJson(res, 200, { data: { id: numericId(name, login), name: login, username: login } })
    }
    if (name === 'facebook' && path === '/me') {
      const at = url.searchParams.get('access_token') ?? ''
      const found = accessTokens.get(at)
      const proof = createHmac('sha256', clients.facebook.clientSecret ?? '')
        .update(at)
        .digest('hex')
      if (found?.provider !== name || url.searchParams.get('appsecret_proof') !== proof)
        return sendJson(res, 400, {
          error: {
            message: 'Invalid OAuth access token - Cannot parse access token',
            type: 'OAuthException',
            code: 190,
          },
        })
      const all: Record<string, string> = {
        id: numericId(name, found.login),
        name: found.login,
        email: `${found.login}@facebook.test`,
      }
      // Graph answers the fields asked for, and `id` always.
      const fields = (url.searchParams.get('fields') ?? '').split(',')
      return sendJson(
        res,
        200,
        Object.fromEntries(Object.entries(all).filter(([k]) => k === 'id' || fields.includes(k))),
      )
    }
    return sendJson(res, 404, { message: 'Not Found' })
  }

  const API_PREFIXES: [string, PlainProvider][] = [
    ['/github-api', 'github'],
    ['/discord/api', 'discord'],
    ['/x-api', 'x'],
    ['/facebook-graph/v19.0', 'facebook'],
  ]

  /** Handles the request when it is one of these services' paths; false otherwise. */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', origin)
    for (const name of PLAIN_PROVIDERS) {
      const spec = SPECS[name]
      if (url.pathname === spec.authorize && (req.method === 'GET' || req.method === 'POST')) {
        await authorize(name, req, res, url)
        return true
      }
      if (url.pathname === spec.token) {
        if (req.method === 'POST') await tokenEndpoint(name, req, res)
        else send(res, 405, 'text/plain', 'POST only')
        return true
      }
    }
    if (url.pathname === '/apple/auth/keys') {
      sendJson(res, 200, { keys: [idTokenJwk] })
      return true
    }
    for (const [prefix, name] of API_PREFIXES)
      if (url.pathname.startsWith(`${prefix}/`) && req.method === 'GET') {
        await userApi(name, req, res, url, url.pathname.slice(prefix.length))
        return true
      }
    return false
  }
  return { clients, handle }
}
