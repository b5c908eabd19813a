import {
  AppKitError,
  SITE_ORIGIN_HEADER,
  SIWX_TOKENS_HEADER,
  SignMessageFailedError,
  type SiwxAddSessionReply,
  type SiwxNonceReply,
  type SiwxSession,
  siwxAddSessionReplySchema,
  siwxNonceReplySchema,
  siwxSessionsReplySchema,
} from '@modalkit/protocol'

/** The API's default SIWX verifier (`/v1/siwx/*`), for the site the handshake named. */
export type SiwxApi = {
  nonce(): Promise<SiwxNonceReply>
  addSession(message: string, signature: string): Promise<SiwxAddSessionReply>
  /** The sessions of the tokens given (the API lists no other); none asked for when there are none. */
  getSessions(chainId: string, address: string, tokens: string[]): Promise<SiwxSession[]>
  revoke(chainId: string, address: string, tokens: string[]): Promise<void>
}

type ErrorBody = { error?: { code?: unknown; message?: unknown } }

/**
 * The API's refusal as an AppKitError. Its sentences are ours (apps/api siwxErrors.ts, one per
 * refusal), so they are shown as they are; its code goes to `details`.
 */
async function refusal(res: Response): Promise<AppKitError> {
  const body = (await res.json().catch(() => ({}))) as ErrorBody
  const message = typeof body.error?.message === 'string' ? body.error.message.slice(0, 120) : ''
  const code = typeof body.error?.code === 'string' ? body.error.code.slice(0, 64) : `HTTP ${res.status}`
  return new AppKitError({
    code: 5000,
    shortMessage: message || new SignMessageFailedError().shortMessage,
    details: code,
  })
}

export function createSiwxApi(
  apiUrl: string,
  projectId: string,
  siteOrigin: () => string | undefined,
  fetcher: typeof fetch = fetch,
): SiwxApi {
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    tokens: string[] = [],
  ): Promise<unknown> => {
    const origin = siteOrigin()
    const url = `${apiUrl}/v1/siwx/${path}${path.includes('?') ? '&' : '?'}projectId=${encodeURIComponent(projectId)}`
    const res = await fetcher(url, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(origin ? { [SITE_ORIGIN_HEADER]: origin } : {}),
        ...(tokens.length > 0 ? { [SIWX_TOKENS_HEADER]: tokens.join(',') } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!res.ok) throw await refusal(res)
    return res.json()
  }
  return {
    nonce: async () => siwxNonceReplySchema.parse(await call('POST', 'nonce')),
    addSession: async (message, signature) =>
      siwxAddSessionReplySchema.parse(await call('POST', 'sessions', { message, signature })),
    getSessions: async (chainId, address, tokens) => {
      if (tokens.length === 0) return []
      const query = new URLSearchParams({ chainId, address })
      return siwxSessionsReplySchema.parse(await call('GET', `sessions?${query}`, undefined, tokens)).sessions
    },
    revoke: async (chainId, address, tokens) => {
      await call('POST', 'sessions/revoke', { chainId, address, tokens })
    },
  }
}
