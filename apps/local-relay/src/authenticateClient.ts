import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

export type AuthenticateClientReturnType =
  | { ok: true; clientId: string; projectId: string | undefined }
  | { ok: false; reason: string }

/** Clock skew tolerated on `exp`. */
const LEEWAY_SECONDS = 60

/**
 * Checks the `auth` query parameter of a connection URL as the public relay does: an EdDSA JWT
 * signed by the key its `iss` (a did:key) names, not expired. That did:key is the client id.
 * `aud` is not compared with our URL: clients sign whatever relay URL they were configured with
 * (localhost or 127.0.0.1, with or without a slash), and the signature already binds `iss`.
 */
export async function authenticateClient(
  requestUrl: string | undefined,
  now = Date.now(),
): Promise<AuthenticateClientReturnType> {
  const url = new URL(requestUrl ?? '/', 'ws://relay.invalid')
  const jwt = url.searchParams.get('auth')
  if (!jwt) return { ok: false, reason: 'missing auth JWT' }
  try {
    if (!(await verifyJWT(jwt))) return { ok: false, reason: 'invalid auth JWT signature' }
    const { payload } = decodeJWT(jwt)
    if (typeof payload.iss !== 'string' || !payload.iss.startsWith('did:key:')) {
      return { ok: false, reason: 'auth JWT issuer is not a did:key' }
    }
    if (typeof payload.exp !== 'number' || payload.exp + LEEWAY_SECONDS < now / 1000) {
      return { ok: false, reason: 'auth JWT expired' }
    }
    return { ok: true, clientId: payload.iss, projectId: url.searchParams.get('projectId') ?? undefined }
  } catch {
    // decodeJWT / verifyJWT throw on anything that is not three base64url parts of the right shape.
    return { ok: false, reason: 'malformed auth JWT' }
  }
}
