import {
  type Identity,
  identityReplySchema,
  type NameSuggestion,
  nameSuggestionsReplySchema,
  type ProfileNameRecord,
  profileNameRecordSchema,
  type RegisterNameBody,
  registerNameReplySchema,
  ServerError,
} from '@modalkit/protocol'
import { fetchWithRetry } from './fetchWithRetry.ts'

export type NameMethods = {
  /** SPEC §7 identity: the account's name (and avatar), null when it has none. */
  getIdentity(projectId: string, address: string): Promise<Identity>
  /** SPEC §7 suggestions: the name asked for first with whether it is taken, then free variations. */
  getNameSuggestions(projectId: string, label: string): Promise<NameSuggestion[]>
  /** SPEC §7 profile account: what a name points to; undefined when nobody holds it. */
  resolveProfileName(projectId: string, name: string): Promise<ProfileNameRecord | undefined>
  /** SPEC §7 register: the account's signed message; rejects with the API's reason. */
  registerName(projectId: string, body: RegisterNameBody): Promise<void>
}

/** The API's reason for a refused registration, as its error code (`name_taken`, `invalid_signature`). */
export class NameRegistrationError extends Error {
  override name = 'NameRegistrationError'
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/** The API client's profile-name calls; every reply parsed by its schema. */
export function nameMethods(
  apiUrl: string,
  fetcher: typeof fetch,
  site: () => Record<string, string>,
): NameMethods {
  const url = (path: string, projectId: string) => `${apiUrl}${path}?${new URLSearchParams({ projectId })}`
  const read = async <T>(
    res: Response,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
    what: string,
  ) => {
    const reply = schema.safeParse(await res.json().catch(() => undefined))
    if (!res.ok || !reply.success) throw new ServerError(`${what}: HTTP ${res.status}`)
    return reply.data
  }
  return {
    async getIdentity(projectId, address) {
      const res = await fetchWithRetry(
        url(`/v1/identity/${encodeURIComponent(address)}`, projectId),
        { headers: site() },
        fetcher,
      )
      return read(res, identityReplySchema, 'identity')
    },
    async getNameSuggestions(projectId, label) {
      const res = await fetcher(url(`/v1/profile/suggestions/${encodeURIComponent(label)}`, projectId), {
        headers: site(),
      })
      return (await read(res, nameSuggestionsReplySchema, 'suggestions')).suggestions
    },
    async resolveProfileName(projectId, name) {
      const res = await fetcher(url(`/v1/profile/account/${encodeURIComponent(name)}`, projectId), {
        headers: site(),
      })
      if (res.status === 404) return undefined
      return read(res, profileNameRecordSchema, 'profile name')
    },
    async registerName(projectId, body) {
      const res = await fetcher(url('/v1/profile/account', projectId), {
        method: 'POST',
        headers: { ...site(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      if (res.ok) return void (await read(res, registerNameReplySchema, 'register name'))
      const error = (await res.json().catch(() => undefined)) as
        | { error?: { code?: unknown; message?: unknown } }
        | undefined
      const code = typeof error?.error?.code === 'string' ? error.error.code : 'server_error'
      const message = typeof error?.error?.message === 'string' ? error.error.message : `HTTP ${res.status}`
      throw new NameRegistrationError(code, message.slice(0, 200))
    },
  }
}
