import type { SocialStartReply, SocialStartRequest } from '@modalkit/protocol'
import { HttpError } from '../server/HttpError.ts'
import type { AuthDeps } from './AuthDeps.ts'
import { OTP_TTL_MS } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { checkProjectOrigin } from './checkProjectOrigin.ts'
import { hashDeviceId } from './hashDeviceId.ts'
import { hitRateLimit, SOCIAL_START_PER_IP_LIMIT } from './hitRateLimit.ts'
import { hashToken, randomToken } from './randomToken.ts'
import { readSocialClient } from './socialClients.ts'
import { type ResolvedProvider, resolveProvider } from './socialShapes.ts'

/** The one redirect URI of every provider client: the secure frame's callback page, exactly. */
export const callbackUrl = (authOrigin: string) => `${authOrigin}/oauth-callback.html`
/** Apple posts its answer (`form_post`): the API takes the POST and sends it on to `callbackUrl`. */
export const APPLE_CALLBACK_PATH = '/v1/auth/social/apple/callback'
export const providerRedirectUri = (deps: Pick<AuthDeps, 'authOrigin' | 'apiOrigin'>, p: ResolvedProvider) =>
  p.formPost ? `${deps.apiOrigin}${APPLE_CALLBACK_PATH}` : callbackUrl(deps.authOrigin)

/**
 * `POST /v1/auth/social/start`: authorization code + PKCE S256. The frame made the verifier and keeps
 * it; the API stores only its challenge, bound to a single-use `state` (stored hashed) together with
 * the project, site, device, the redirect URI the provider is given and an ID-token nonce. The
 * provider's shape (socialShapes.ts) decides the scope, PKCE, nonce and response mode.
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
  const config = await readSocialClient(db, socialProviders, body.projectId, body.provider)
  if (!config) throw authError('social_start_failed', 'body.provider')
  let provider: ResolvedProvider
  try {
    provider = await resolveProvider(body.provider, config)
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
      providerRedirectUri(deps, provider),
      nonce,
      now() + OTP_TTL_MS,
    ],
  )
  const url = new URL(provider.as.authorization_endpoint ?? '')
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: providerRedirectUri(deps, provider),
    scope: provider.scope,
    state,
    ...(provider.oidc ? { nonce } : {}),
    ...(provider.formPost ? { response_mode: 'form_post' } : {}),
    // Where the provider takes PKCE it gets the frame's challenge; the API checks the verifier
    // against it for every provider either way (finishSocialLogin).
    ...(provider.pkce ? { code_challenge: body.codeChallenge, code_challenge_method: 'S256' } : {}),
  }).toString()
  return { authorizationUrl: url.href, state }
}
