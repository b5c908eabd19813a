import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

/**
 * Refused before the socket opens (HTTP 401: no JWT, a malformed or forged one), or after it opened,
 * by closing it with code 3000 and the public relay's own words, which the SDK reports as
 * "WebSocket connection closed abnormally with code: 3000 (<reason>)" (a JWT from a clock far off,
 * an unknown project key).
 */
export type AuthenticateClientReturnType =
  | { ok: true; clientId: string; projectId: string | undefined }
  | { ok: false; status: 401; reason: string }
  | { ok: false; status: 3000; reason: string }

/** The public relay's clock leeway on `iat` and `exp`, in seconds. */
export const TIME_LEEWAY_SECONDS = 120

/**
 * Checks the `auth` query parameter of a connection URL as the public relay does: an EdDSA JWT
 * signed by the key its `iss` (a did:key) names, issued not after now (+ leeway), not expired. That
 * did:key is the client id. `aud` is not compared with our URL: clients sign whatever relay URL they
 * were configured with (localhost or 127.0.0.1, with or without a slash), and the signature already
 * binds `iss`.
 */
export async function authenticateClient(
  requestUrl: string | undefined,
  now = Date.now(),
): Promise<AuthenticateClientReturnType> {
  const url = new URL(requestUrl ?? '/', 'ws://relay.invalid')
  const jwt = url.searchParams.get('auth')
  const refuse = (reason: string) => ({ ok: false as const, status: 401 as const, reason })
  if (!jwt) return refuse('missing auth JWT')
  try {
    if (!(await verifyJWT(jwt))) return refuse('invalid auth JWT signature')
    const { payload } = decodeJWT(jwt)
    if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:')) {
      return refuse('auth JWT issuer is not a did:key')
    }
    const seconds = Math.floor(now / 1000)
    if (typeof payload.iat === 'number' && payload.iat > seconds + TIME_LEEWAY_SECONDS) {
      return {
        ok: false,
        status: 3000,
        reason: `JWT validation error: JWT Token is not yet valid: basic.iat: ${payload.iat}, now + time_leeway: ${seconds + TIME_LEEWAY_SECONDS}, time_leeway: ${TIME_LEEWAY_SECONDS}`,
      }
    }
    if (typeof payload.exp !== 'number' || payload.exp + TIME_LEEWAY_SECONDS < seconds) {
      return {
        ok: false,
        status: 3000,
        reason: `JWT validation error: JWT Token is expired: Some(${String(payload.exp)})`,
      }
    }
    return { ok: true, clientId: payload.iss, projectId: url.searchParams.get('projectId') ?? undefined }
  } catch {
    // decodeJWT / verifyJWT throw on anything that is not three base64url parts of the right shape.
    return refuse('malformed auth JWT')
  }
}
