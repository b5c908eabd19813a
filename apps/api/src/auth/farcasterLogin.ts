import { randomBytes } from 'node:crypto'
import { createAppClient, viemConnector } from '@farcaster/auth-client'
import type {
  FarcasterFinishRequest,
  FarcasterStartReply,
  FarcasterStartRequest,
  LoginReply,
} from '@modalkit/protocol'
import type { AuthDeps } from './AuthDeps.ts'
import { OTP_TTL_MS } from './AuthDeps.ts'
import { authError } from './authErrors.ts'
import { checkProjectOrigin } from './checkProjectOrigin.ts'
import { hashDeviceId } from './hashDeviceId.ts'
import { hitRateLimit, SOCIAL_START_PER_IP_LIMIT } from './hitRateLimit.ts'
import { hashToken, randomToken } from './randomToken.ts'
import { createSession } from './sessions.ts'
import { approveDevice, ensureUserByEmail, loadAuthUser } from './users.ts'

/** Farcaster logins share the single-use state table of social logins, under this provider name. */
const PROVIDER = 'farcaster'

/** Every refusal reads 'Failed to connect to farcaster' (SPEC §8); the log says why. */
const refused = (field: string, why: string) => {
  console.warn(`farcaster finish refused (${field}): ${why}`)
  return authError('farcaster_connect_failed', field)
}

/**
 * `POST /v1/auth/farcaster/start`: a single-use `state` (stored hashed) bound to the project, site
 * and device, and the Sign In With Farcaster nonce the user's message must carry.
 */
export async function startFarcasterLogin(
  deps: AuthDeps,
  body: Omit<FarcasterStartRequest, 'siteOrigin'> & { siteOrigin: string | undefined },
  ip: string,
): Promise<FarcasterStartReply> {
  const project = await checkProjectOrigin(deps.db, body.projectId, body.siteOrigin)
  await hitRateLimit(deps, [{ key: `social-ip:${ip}`, limit: SOCIAL_START_PER_IP_LIMIT, perClient: true }])
  if (project.features.socials === false) throw authError('social_disabled', 'body.projectId')
  if (!deps.farcasterRpcUrl) throw authError('farcaster_connect_failed', 'body.projectId')
  const state = randomToken(32)
  // EIP-4361 nonces are alphanumeric.
  const nonce = randomBytes(16).toString('hex')
  const expiresAt = deps.now() + OTP_TTL_MS
  await deps.db.query(
    `insert into oauth_states (state_hash, provider, project_id, site_origin, device_id, code_challenge,
       redirect_uri, nonce, expires_at) values ($1, $2, $3, $4, $5, '', '', $6, $7)`,
    [
      hashToken(state),
      PROVIDER,
      body.projectId,
      project.siteOrigin,
      hashDeviceId(deps.keys, body.deviceId),
      nonce,
      expiresAt,
    ],
  )
  return { state, nonce, expiresAt }
}

/**
 * `POST /v1/auth/farcaster/finish`: consumes the state once, then verifies the message as the secure
 * frame did, on its own: EIP-4361 with Farcaster's statement, chain and one fid resource; the nonce
 * of this state; the domain and URI of the secure frame; the host of the site that started as its
 * Request ID; an expiration no later than the state's and
 * not passed; the signature by the address the ID registry holds as that fid's custody (`idOf`).
 * Then the user of that fid (created on first login) gets a session on the device that started.
 */
export async function finishFarcasterLogin(
  deps: AuthDeps,
  body: FarcasterFinishRequest,
): Promise<LoginReply> {
  const { db, now } = deps
  const at = now()
  const [row] = await db.query<{
    project_id: string
    site_origin: string
    device_id: string
    nonce: string
    expires_at: string
  }>(
    `update oauth_states set used_at = $2 where state_hash = $1 and used_at is null and provider = $3
     returning project_id, site_origin, device_id, nonce, expires_at`,
    [hashToken(body.state), at, PROVIDER],
  )
  if (!row) throw refused('body.state', 'unknown or used state')
  if (at >= Number(row.expires_at)) throw refused('body.state', 'expired state')
  if (!deps.farcasterRpcUrl) throw refused('body.state', 'no FARCASTER_RPC_URL')
  const client = createAppClient({ ethereum: viemConnector({ rpcUrl: deps.farcasterRpcUrl }) })
  const auth = new URL(deps.authOrigin)
  const verified = await client.verifySignInMessage({
    nonce: row.nonce,
    domain: auth.host,
    message: body.message,
    signature: body.signature as `0x${string}`,
    acceptAuthAddress: false,
  })
  if (verified.isError) throw refused('body.signature', verified.error?.message ?? 'not verified')
  const { data, fid } = verified
  const expiration = data.expirationTime?.getTime()
  if (expiration === undefined || expiration > Number(row.expires_at) || at >= expiration)
    throw refused('body.message', 'expiration missing, too late or passed')
  if (new URL(data.uri).origin !== auth.origin) throw refused('body.message', `uri ${data.uri}`)
  // The Request ID names the site the user was shown in their Farcaster app: the one that started.
  if (data.requestId !== new URL(row.site_origin).host)
    throw refused('body.message', `request id ${data.requestId ?? 'missing'}`)

  const sub = String(fid)
  return db.transaction(async (query) => {
    const [identity] = await query<{ user_id: string }>(
      'select user_id from social_identities where provider = $1 and sub = $2',
      [PROVIDER, sub],
    )
    let userId = identity?.user_id
    const isNewUser = !userId
    if (!userId) {
      userId = (await ensureUserByEmail(query, null, at)).userId
      await query('insert into social_identities (provider, sub, user_id, email) values ($1, $2, $3, null)', [
        PROVIDER,
        sub,
        userId,
      ])
    }
    await approveDevice(query, userId, row.device_id, at)
    const sessionToken = await createSession(query, { userId, deviceId: row.device_id, now: at })
    return { sessionToken, user: { ...(await loadAuthUser(query, userId)), isNewUser } }
  })
}
