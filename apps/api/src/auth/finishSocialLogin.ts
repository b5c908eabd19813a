import { createHash } from 'node:crypto'
import type { LoginReply, SocialFinishRequest, SocialProvider } from '@modalkit/protocol'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import * as oauth from 'oauth4webapi'
import type { AuthDeps } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { hashToken } from './randomToken.ts'
import { createSession } from './sessions.ts'
import { readSocialClient } from './socialClients.ts'
import {
  clientAuthOf,
  fetchIdentity,
  type Identity,
  type ResolvedProvider,
  requestOptions,
  resolveProvider,
} from './socialShapes.ts'
import { approveDevice, ensureUserByEmail, loadAuthUser } from './users.ts'

type StateRow = {
  provider: SocialProvider
  project_id: string
  device_id: string
  code_challenge: string
  redirect_uri: string
  nonce: string
  expires_at: string
}

/** Every refusal reads 'Connection rejected' (SPEC §8); `field` says which input, the log says why. */
const rejected = (field: string, why: string) => {
  console.warn(`social finish refused (${field}): ${why}`)
  return authError('connection_rejected', field)
}

const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
const jwksFor = (uri: string) => {
  const cached = jwksByUri.get(uri)
  if (cached) return cached
  const jwks = createRemoteJWKSet(new URL(uri))
  jwksByUri.set(uri, jwks)
  return jwks
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * The code for tokens at the provider's token endpoint (its client authentication, PKCE where it
 * takes it), then the user: from the ID token for OpenID providers (signature by the issuer's JWKS,
 * iss, aud, exp, nonce), from the provider's user API for the others.
 */
async function exchangeCode(
  p: ResolvedProvider,
  callback: URLSearchParams,
  row: StateRow,
  codeVerifier: string,
  at: number,
): Promise<Identity> {
  const { as, client } = p
  let tokens: oauth.TokenEndpointResponse
  try {
    const res = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      await clientAuthOf(p, at),
      callback,
      row.redirect_uri,
      p.pkce ? codeVerifier : oauth.nopkce,
      requestOptions(as.token_endpoint ?? ''),
    )
    tokens = await oauth.processAuthorizationCodeResponse(as, client, res, {
      expectedNonce: p.oidc ? row.nonce : oauth.expectNoNonce,
      requireIdToken: p.oidc,
    })
  } catch (error) {
    throw rejected('body.code', `token endpoint: ${messageOf(error)}`)
  }
  if (!p.oidc) {
    try {
      return await fetchIdentity(p, tokens.access_token)
    } catch (error) {
      throw rejected('body.code', `user API: ${messageOf(error)}`)
    }
  }
  let claims: { sub?: unknown; email?: unknown; email_verified?: unknown; nonce?: unknown }
  try {
    ;({ payload: claims } = await jwtVerify(tokens.id_token ?? '', jwksFor(as.jwks_uri ?? ''), {
      issuer: as.issuer,
      audience: client.client_id,
      currentDate: new Date(at),
    }))
  } catch (error) {
    throw rejected('body.code', `id_token: ${messageOf(error)}`)
  }
  if (claims.nonce !== row.nonce) throw rejected('body.code', 'id_token nonce does not match')
  if (typeof claims.sub !== 'string' || !claims.sub) throw rejected('body.code', 'id_token without sub')
  // Apple writes email_verified as the string "true".
  const verified = claims.email_verified === true || claims.email_verified === 'true'
  return { sub: claims.sub, email: typeof claims.email === 'string' && verified ? claims.email : null }
}

/**
 * `POST /v1/auth/social/finish`: consumes the `state` once, checks the PKCE verifier against the
 * stored challenge (for every provider, PKCE or not: the code alone signs nobody in), checks `iss`
 * where the provider sends one (RFC 9207, against mix-up; required where its metadata says so),
 * exchanges the code with the project's client credentials and reads the user, then loads or creates
 * the user by (provider, sub) and starts a session on the device that started it.
 */
export async function finishSocialLogin(deps: AuthDeps, body: SocialFinishRequest): Promise<LoginReply> {
  const { db, now, socialProviders } = deps
  const at = now()
  // Single use: the row is marked before anything else, so a replay finds it spent whatever happens.
  const [row] = await db.query<StateRow>(
    `update oauth_states set used_at = $2 where state_hash = $1 and used_at is null
     returning provider, project_id, device_id, code_challenge, redirect_uri, nonce, expires_at`,
    [hashToken(body.state), at],
  )
  if (!row) throw rejected('body.state', 'unknown or used state')
  if (at >= Number(row.expires_at)) throw rejected('body.state', 'expired state')
  const config = await readSocialClient(db, socialProviders, row.project_id, row.provider)
  if (!config) throw rejected('body.state', `provider ${row.provider} no longer configured`)
  const challenge = createHash('sha256').update(body.codeVerifier).digest('base64url')
  if (challenge !== row.code_challenge) throw rejected('body.codeVerifier', 'PKCE verifier does not match')

  let p: ResolvedProvider
  try {
    p = await resolveProvider(row.provider, config)
  } catch (error) {
    throw rejected('body.state', `provider metadata: ${messageOf(error)}`)
  }
  let callback: URLSearchParams
  try {
    const params = new URLSearchParams({ code: body.code, state: body.state })
    if (body.iss !== undefined) params.set('iss', body.iss)
    callback = oauth.validateAuthResponse(p.as, p.client, params, body.state)
  } catch (error) {
    throw rejected('body.iss', messageOf(error))
  }
  const { sub, email } = await exchangeCode(p, callback, row, body.codeVerifier, at)

  return db.transaction(async (query) => {
    const [identity] = await query<{ user_id: string }>(
      'select user_id from social_identities where provider = $1 and sub = $2',
      [row.provider, sub],
    )
    let userId = identity?.user_id
    const isNewUser = !userId
    if (!userId) {
      // A social account is its own user: never merged into an e-mail account by a claimed address,
      // which would hand that account to whoever controls the provider's e-mail claim.
      userId = (await ensureUserByEmail(query, null, at)).userId
      await query('insert into social_identities (provider, sub, user_id, email) values ($1, $2, $3, $4)', [
        row.provider,
        sub,
        userId,
        email,
      ])
    } else {
      await query('update social_identities set email = $3 where provider = $1 and sub = $2', [
        row.provider,
        sub,
        email,
      ])
    }
    // The provider's login on this device is the approval of this device.
    await approveDevice(query, userId, row.device_id, at)
    const sessionToken = await createSession(query, { userId, deviceId: row.device_id, now: at })
    return { sessionToken, user: { ...(await loadAuthUser(query, userId)), isNewUser } }
  })
}
