import {
  type AppKitError,
  type EmailStartReply,
  type EmailStartRequest,
  type EmailStatusReply,
  type EmailVerifyRequest,
  emailStartReplySchema,
  emailStartRequestSchema,
  emailStatusReplySchema,
  emailUpdateStartReplySchema,
  emailUpdateStartRequestSchema,
  emailUpdateVerifyPrimaryReplySchema,
  emailUpdateVerifyRequestSchema,
  emailUpdateVerifySecondaryReplySchema,
  emailVerifyRequestSchema,
  type FarcasterFinishRequest,
  type FarcasterStartReply,
  type FarcasterStartRequest,
  farcasterFinishRequestSchema,
  farcasterStartReplySchema,
  farcasterStartRequestSchema,
  type GetShareReply,
  getShareReplySchema,
  type LoginReply,
  loginReplySchema,
  type PutShareRequest,
  parseWith,
  putShareReplySchema,
  putShareRequestSchema,
  type ReplaceShareReply,
  type ReplaceShareRequest,
  replaceShareReplySchema,
  replaceShareRequestSchema,
  requestIdSchema,
  ServerError,
  SessionExpiredError,
  type SessionReply,
  type ShareNonceReply,
  SITE_ORIGIN_HEADER,
  type SocialFinishRequest,
  type SocialStartReply,
  type SocialStartRequest,
  sessionReplySchema,
  shareNonceReplySchema,
  socialFinishRequestSchema,
  socialStartReplySchema,
  socialStartRequestSchema,
  type WalletAddresses,
} from '@modalkit/protocol'
import { toAuthApiError } from './toAuthApiError.ts'

export type CreateAuthApiClientParameters = {
  /** The API's public origin (API_ORIGIN), without a trailing slash. */
  apiUrl: string
  /** Defaults to the global fetch; tests wrap it to add the Origin header a browser would send. */
  fetch?: typeof fetch
  /** Per call; SPEC §9 gives RPC calls 10 s, logins get a little more for mail sending. */
  timeoutMs?: number
}

type OtpStep = { requestId: string; otp: string }

export type AuthApiClient = {
  /** Keeps the bearer token in memory for the calls that need a session (never in a URL). */
  setSession(token: string): void
  clearSession(): void
  hasSession(): boolean
  /** The `Authorization` header value for the API's other session-bound calls (the paymaster's). */
  authorization(): string | undefined
  emailStart(body: EmailStartRequest): Promise<EmailStartReply>
  emailStatus(requestId: string): Promise<EmailStatusReply>
  emailVerify(body: EmailVerifyRequest): Promise<LoginReply>
  getSession(): Promise<SessionReply>
  signOut(): Promise<void>
  putShare(body: PutShareRequest): Promise<{ addresses: WalletAddresses }>
  getShare(): Promise<GetShareReply>
  /** A single-use nonce for one signed replacement of the auth share (`replaceShare`). */
  shareNonce(): Promise<ShareNonceReply>
  /** Replaces the auth share; the body carries the account's signature over `shareReplaceMessage`. */
  replaceShare(body: ReplaceShareRequest): Promise<ReplaceShareReply>
  emailUpdateStart(newEmail: string): Promise<{ requestId: string; action: 'VERIFY_PRIMARY_OTP' }>
  emailUpdateVerifyPrimary(body: OtpStep): Promise<{ action: 'VERIFY_SECONDARY_OTP' }>
  emailUpdateVerifySecondary(body: OtpStep): Promise<{ newEmail: string }>
  socialStart(body: SocialStartRequest): Promise<SocialStartReply>
  socialFinish(body: SocialFinishRequest): Promise<LoginReply>
  farcasterStart(body: FarcasterStartRequest): Promise<FarcasterStartReply>
  farcasterFinish(body: FarcasterFinishRequest): Promise<LoginReply>
}

type SafeParser<T> = Parameters<typeof parseWith<T>>[0]

/**
 * The secure frame's one HTTP client for `/v1/auth/*`. Every request body is parsed with its protocol
 * schema before it is sent (bad input fails here, typed, without a round trip), every reply is parsed
 * with its schema on arrival, and every error body becomes a typed error (`toAuthApiError`). Errors
 * never carry a body, a token or a code: only the path, the status and the API's field name.
 */
export function createAuthApiClient({
  apiUrl,
  fetch: fetchFn = globalThis.fetch.bind(globalThis),
  timeoutMs = 15_000,
}: CreateAuthApiClientParameters): AuthApiClient {
  let sessionToken: string | undefined

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    reply: SafeParser<T>,
    { body, auth = false, site }: { body?: unknown; auth?: boolean; site?: string } = {},
  ): Promise<T> {
    // Errors name the route, never its query (ids) nor anything of the body.
    const route = path.split('?')[0] ?? path
    const headers: Record<string, string> = {}
    if (body !== undefined) headers['content-type'] = 'application/json'
    // The API names and checks the site from this header only (its body field is ignored there).
    if (site !== undefined) headers[SITE_ORIGIN_HEADER] = site
    if (auth) {
      // No token, no call: the API would answer 401 anyway; this keeps the error the same and local.
      if (sessionToken === undefined) throw toAuthApiError(401, sessionExpiredBody, route)
      headers.authorization = `Bearer ${sessionToken}`
    }
    let res: Response
    try {
      res = await fetchFn(`${apiUrl}/v1/auth${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
        credentials: 'omit', // the session is the bearer token; no cookie is ever involved
        cache: 'no-store',
      })
    } catch (cause) {
      throw Object.assign(new ServerError(`${route}: no reply`), { cause }) as AppKitError
    }
    let json: unknown
    try {
      json = await res.json()
    } catch {
      throw new ServerError(`${route}: HTTP ${res.status}, reply is not JSON`)
    }
    if (!res.ok) throw toAuthApiError(res.status, json, route)
    const parsed = reply.safeParse(json)
    if (!parsed.success) throw new ServerError(`${route}: unexpected reply`)
    return parsed.data
  }

  // Methods are async so a body refused here rejects like any other failure, never throws synchronously.
  const send = <T>(schema: SafeParser<T>, value: unknown, what: string): T => parseWith(schema, value, what)

  return {
    setSession(token) {
      sessionToken = token
    },
    clearSession() {
      sessionToken = undefined
    },
    hasSession: () => sessionToken !== undefined,
    authorization: () => (sessionToken === undefined ? undefined : `Bearer ${sessionToken}`),
    emailStart: async (body) =>
      call('POST', '/email/start', emailStartReplySchema, {
        body: send(emailStartRequestSchema, body, 'e-mail login'),
        site: body.siteOrigin,
      }),
    async emailStatus(requestId) {
      const id = send(requestIdSchema, requestId, 'request id')
      return call('GET', `/email/status?requestId=${encodeURIComponent(id)}`, emailStatusReplySchema)
    },
    emailVerify: async (body) =>
      call('POST', '/email/verify', loginReplySchema, {
        body: send(emailVerifyRequestSchema, body, 'code'),
      }),
    getSession: () => call('GET', '/session', sessionReplySchema, { auth: true }),
    async signOut() {
      await call('POST', '/signout', okReplySchema, { auth: true })
    },
    putShare: async (body) =>
      call('PUT', '/share', putShareReplySchema, {
        body: send(putShareRequestSchema, body, 'auth share'),
        auth: true,
      }),
    getShare: () => call('GET', '/share', getShareReplySchema, { auth: true }),
    shareNonce: () => call('POST', '/share/nonce', shareNonceReplySchema, { auth: true }),
    replaceShare: async (body) =>
      call('POST', '/share/replace', replaceShareReplySchema, {
        body: send(replaceShareRequestSchema, body, 'auth share replacement'),
        auth: true,
      }),
    emailUpdateStart: async (newEmail) =>
      call('POST', '/email/update/start', emailUpdateStartReplySchema, {
        body: send(emailUpdateStartRequestSchema, { newEmail }, 'e-mail'),
        auth: true,
      }),
    emailUpdateVerifyPrimary: async (body) =>
      call('POST', '/email/update/verify-primary', emailUpdateVerifyPrimaryReplySchema, {
        body: send(emailUpdateVerifyRequestSchema, body, 'code'),
        auth: true,
      }),
    emailUpdateVerifySecondary: async (body) =>
      call('POST', '/email/update/verify-secondary', emailUpdateVerifySecondaryReplySchema, {
        body: send(emailUpdateVerifyRequestSchema, body, 'code'),
        auth: true,
      }),
    socialStart: async (body) =>
      call('POST', '/social/start', socialStartReplySchema, {
        body: send(socialStartRequestSchema, body, 'social login'),
        site: body.siteOrigin,
      }),
    socialFinish: async (body) =>
      call('POST', '/social/finish', loginReplySchema, {
        body: send(socialFinishRequestSchema, body, 'social login'),
      }),
    farcasterStart: async (body) =>
      call('POST', '/farcaster/start', farcasterStartReplySchema, {
        body: send(farcasterStartRequestSchema, body, 'farcaster login'),
        site: body.siteOrigin,
      }),
    farcasterFinish: async (body) =>
      call('POST', '/farcaster/finish', loginReplySchema, {
        body: send(farcasterFinishRequestSchema, body, 'farcaster login'),
      }),
  }
}

const sessionExpiredBody = {
  error: { code: 'session_expired', message: new SessionExpiredError().shortMessage },
}

/** `POST /v1/auth/signout` answers `{ ok: true }`; the protocol has no schema for so small a reply. */
const okReplySchema: SafeParser<{ ok: true }> = {
  safeParse: (value: unknown) =>
    typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === true
      ? { success: true, data: { ok: true } }
      : { success: false, error: { issues: [{ code: 'custom', path: ['ok'], message: 'not ok' }] } },
}
