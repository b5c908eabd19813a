import {
  type HostHandlers,
  type InitOptions,
  NotReadyError,
  type SiwxMessage,
  SiwxNotEnabledError,
  type SiwxSession,
  siwxMessageSchema,
} from '@modalkit/protocol'

type CaipNetworkId = SiwxMessage['chainId']

/**
 * A site's own SIWX verifier: AppKit's `SIWXConfig` (the same method names and arguments), passed as
 * `init({ siwx })`. The modal calls each over the channel; the functions never leave the page.
 * @example
 * window.appkit.init({ projectId, siwx: {
 *   createMessage: async (input) => ({ ...input, nonce: await myNonce(), version: '1', issuedAt: new Date().toISOString(), … }),
 *   addSession: (session) => myBackend.verify(session),
 *   getSessions: (chainId, address) => myBackend.sessions(chainId, address),
 *   revokeSession: (chainId, address) => myBackend.revoke(chainId, address),
 *   setSessions: (sessions) => myBackend.replace(sessions),
 *   getRequired: () => true,
 * } })
 */
export type SiwxVerifier = {
  createMessage(input: { accountAddress: string; chainId: CaipNetworkId }): Promise<Record<string, unknown>>
  addSession(session: SiwxSession): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<SiwxSession[]>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: SiwxSession[]): Promise<void>
  getRequired?(): boolean
}

/** `init({ siwx })`: the default verifier's options, or a verifier of the site's own (or both). */
export type SiwxConfig = NonNullable<InitOptions['siwx']> & Partial<SiwxVerifier>

const isVerifier = (siwx: SiwxConfig | undefined): siwx is SiwxConfig & SiwxVerifier =>
  typeof siwx?.createMessage === 'function' &&
  typeof siwx.addSession === 'function' &&
  typeof siwx.getSessions === 'function' &&
  typeof siwx.revokeSession === 'function' &&
  typeof siwx.setSessions === 'function'

/** What crosses to the modal: data only (functions cannot be posted); `custom` says a verifier waits here. */
export function siwxOptions(siwx: SiwxConfig | undefined): InitOptions['siwx'] {
  if (!siwx) return undefined
  const required = isVerifier(siwx) && siwx.getRequired ? siwx.getRequired() : siwx.required
  return {
    ...(required === undefined ? {} : { required }),
    ...(siwx.statement === undefined ? {} : { statement: siwx.statement }),
    ...(isVerifier(siwx) ? { custom: true } : {}),
  }
}

/** The fields of the site's message the modal reads (its own `toString()` and extras stay here). */
function messageFields(message: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(siwxMessageSchema.shape)
  return Object.fromEntries(keys.filter((k) => message[k] !== undefined).map((k) => [k, message[k]]))
}

type SiwxHandlers = Pick<
  HostHandlers,
  | 'siwxCreateMessage'
  | 'siwxAddSession'
  | 'siwxGetSessions'
  | 'siwxRevokeSession'
  | 'siwxSetSessions'
  | 'siwxGetRequired'
>

/** The channel's `siwx*` methods, served from the site's verifier; refused when it gave none. */
export function siwxHandlers(current: () => SiwxConfig | undefined): SiwxHandlers {
  const verifier = (): SiwxConfig & SiwxVerifier => {
    const siwx = current()
    if (!siwx) throw new SiwxNotEnabledError()
    if (!isVerifier(siwx)) throw new NotReadyError('the site gave no SIWX verifier of its own')
    return siwx
  }
  return {
    siwxCreateMessage: async (input) => {
      const message = await verifier().createMessage(input)
      return messageFields(message) as Partial<SiwxMessage> &
        Pick<SiwxMessage, 'version' | 'nonce' | 'issuedAt'>
    },
    siwxAddSession: (session) => verifier().addSession(session),
    siwxGetSessions: ({ chainId, accountAddress }) => verifier().getSessions(chainId, accountAddress),
    siwxRevokeSession: ({ chainId, accountAddress }) => verifier().revokeSession(chainId, accountAddress),
    siwxSetSessions: (sessions) => verifier().setSessions(sessions),
    siwxGetRequired: () => {
      const siwx = verifier()
      return siwx.getRequired ? siwx.getRequired() : siwx.required === true
    },
  }
}
