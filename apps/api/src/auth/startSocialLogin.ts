import type { SocialStartReply, SocialStartRequest } from '@modalkit/protocol'
import { HttpError } from '../server/HttpError.ts'
import type { AuthDeps } from './AuthDeps.ts'
import { OTP_TTL_MS } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { checkProjectOrigin } from './checkProjectOrigin.ts'
import { hashDeviceId } from './hashDeviceId.ts'
import { hitRateLimit, SOCIAL_START_PER_IP_LIMIT } from './hitRateLimit.ts'
import { hashToken, randomToken } from './randomToken.ts'
import { discoverProvider } from './socialProviders.ts'

/** The one redirect URI of every provider client: the secure frame's callback page, exactly. */
export const callbackUrl = (authOrigin: string) => `${authOrigin}/oauth-callback.html`

/**
 * `POST /v1/auth/social/start`: authorization code + PKCE S256. The frame made the verifier and keeps
 * it; the API stores only its challenge, bound to a single-use `state` (stored hashed) together with
 * the project, site, device, redirect URI and an ID-token nonce.
 */
export async function startSocialLogin(
  deps: AuthDeps,
  body: Omit<SocialStartRequest, 'siteOrigin'> & { siteOrigin: string | undefined },
  ip: string,
): Promise<SocialStartReply> {
  // body.siteOrigin here is SITE_ORIGIN_HEADER's value (routeAuth), never the request body's field.
  const { db, now, socialProviders, authOrigin } = deps
  const project = await checkProjectOrigin(db, body.projectId, body.siteOrigin)
  await hitRateLimit(deps, [{ key: `social-ip:${ip}`, limit: SOCIAL_START_PER_IP_LIMIT, perClient: true }])
  const socials = project.features.socials
  if (socials === false || (socials && !socials.includes(body.provider)))
    throw authError('social_disabled', 'body.provider')
  if (body.redirectUri !== callbackUrl(authOrigin))
    throw new HttpError(400, 'validation_error', 'invalid_value: body.redirectUri', 'body.redirectUri')
  const config = socialProviders[body.provider]
  if (!config) throw authError('social_start_failed', 'body.provider')
  let authorizationEndpoint: string
  try {
    authorizationEndpoint = (await discoverProvider(config.issuer)).authorization_endpoint
  } catch (error) {
    console.warn('social start:', error instanceof Error ? error.message : error)
    throw authError('social_start_failed', 'body.provider')
  }
  const state = randomToken(32)
  const nonce = randomToken(16)
  await db.query(
    `insert into oauth_states (state_hash, provider, project_id, site_origin, device_id, code_challenge,
       redirect_uri, nonce, expires_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      hashToken(state),
      body.provider,
      body.projectId,
      project.siteOrigin,
      hashDeviceId(deps.keys, body.deviceId),
      body.codeChallenge,
      body.redirectUri,
      nonce,
      now() + OTP_TTL_MS,
    ],
  )
  const url = new URL(authorizationEndpoint)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: body.redirectUri,
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: body.codeChallenge,
    code_challenge_method: 'S256',
  }).toString()
  return { authorizationUrl: url.href, state }
}
