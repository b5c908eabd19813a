import { createHash } from 'node:crypto'
import type { LoginReply, SocialFinishRequest, SocialProvider } from '@modalkit/protocol'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { AuthDeps } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { hashToken } from './randomToken.ts'
import { createSession } from './sessions.ts'
import { discoverProvider, type ProviderMetadata, type SocialProviderConfig } from './socialProviders.ts'
import { approveDevice, ensureUserByEmail, loadAuthUser } from './users.ts'

type StateRow = {
  provider: SocialProvider
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

async function exchangeCode(
  meta: ProviderMetadata,
  config: SocialProviderConfig,
  { code, codeVerifier, redirectUri }: { code: string; codeVerifier: string; redirectUri: string },
): Promise<string> {
  // client_secret_basic: form-encoded id and secret (RFC 6749 §2.3.1).
  const basic = Buffer.from(
    `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`,
  ).toString('base64')
  const res = await fetch(meta.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
    }),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await res.json().catch(() => ({}))) as { id_token?: unknown; error?: unknown }
  if (!res.ok || typeof body.id_token !== 'string')
    throw rejected('body.code', `token endpoint: ${res.status} ${String(body.error)}`)
  return body.id_token
}

/**
 * `POST /v1/auth/social/finish`: consumes the `state` once, checks `iss` (RFC 9207, against mix-up)
 * and the PKCE verifier against the stored challenge, exchanges the code with the client's
 * credentials, verifies the ID token (signature by the issuer's JWKS, iss, aud, exp, nonce), then
 * loads or creates the user by (provider, sub) and starts a session on the device that started it.
 */
export async function finishSocialLogin(deps: AuthDeps, body: SocialFinishRequest): Promise<LoginReply> {
  const { db, now, socialProviders } = deps
  const at = now()
  // Single use: the row is marked before anything else, so a replay finds it spent whatever happens.
  const [row] = await db.query<StateRow>(
    `update oauth_states set used_at = $2 where state_hash = $1 and used_at is null
     returning provider, device_id, code_challenge, redirect_uri, nonce, expires_at`,
    [hashToken(body.state), at],
  )
  if (!row) throw rejected('body.state', 'unknown or used state')
  if (at >= Number(row.expires_at)) throw rejected('body.state', 'expired state')
  const config = socialProviders[row.provider]
  if (!config) throw rejected('body.state', `provider ${row.provider} no longer configured`)
  if (body.iss !== config.issuer) throw rejected('body.iss', `iss ${body.iss} is not ${config.issuer}`)
  const challenge = createHash('sha256').update(body.codeVerifier).digest('base64url')
  if (challenge !== row.code_challenge) throw rejected('body.codeVerifier', 'PKCE verifier does not match')

  let meta: ProviderMetadata
  try {
    meta = await discoverProvider(config.issuer)
  } catch (error) {
    throw rejected('body.iss', error instanceof Error ? error.message : 'discovery failed')
  }
  const idToken = await exchangeCode(meta, config, {
    code: body.code,
    codeVerifier: body.codeVerifier,
    redirectUri: row.redirect_uri,
  })
  let claims: { sub?: unknown; email?: unknown; email_verified?: unknown; nonce?: unknown }
  try {
    ;({ payload: claims } = await jwtVerify(idToken, jwksFor(meta.jwks_uri), {
      issuer: config.issuer,
      audience: config.clientId,
      currentDate: new Date(at),
    }))
  } catch (error) {
    throw rejected('body.code', `id_token: ${error instanceof Error ? error.message : 'invalid'}`)
  }
  if (claims.nonce !== row.nonce) throw rejected('body.code', 'id_token nonce does not match')
  if (typeof claims.sub !== 'string' || !claims.sub) throw rejected('body.code', 'id_token without sub')
  const sub = claims.sub
  const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email : null

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
