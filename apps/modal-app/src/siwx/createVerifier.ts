import type { CaipNetworkId, HostClient, SiwxMessage, SiwxSession } from '@modalkit/protocol'
import type { SiwxApi } from '../api/createSiwxApi.ts'

export type SiwxAccount = { chainId: CaipNetworkId; accountAddress: string }

/** The fields a verifier chooses; the modal writes domain, uri, account and chain itself. */
export type SiwxMessageParts = Omit<SiwxMessage, 'domain' | 'uri' | 'accountAddress' | 'chainId'>

/** AppKit's SIWX interface, as the sign-in flow uses it: the API's verifier or the site's own. */
export type SiwxVerifier = {
  createMessage(account: SiwxAccount): Promise<SiwxMessageParts>
  addSession(session: SiwxSession): Promise<void>
  getSessions(account: SiwxAccount): Promise<SiwxSession[]>
  revokeSession(account: SiwxAccount): Promise<void>
}

const TOKENS_KEY = '@appkit-wallet/siwx-tokens'
const keyOf = ({ chainId, accountAddress }: { chainId: string; accountAddress: string }) =>
  `${chainId}:${accountAddress.toLowerCase()}`

/**
 * The default verifier: the API's single-use nonce and its sessions. The token that lists and revokes
 * a session is kept in the modal origin's storage (partitioned per site) or, where storage is denied,
 * in memory: there a reload asks to sign in again, as the token is gone with the page.
 */
export function createApiVerifier(
  api: SiwxApi,
  now: () => number,
  storage: Storage | undefined,
): SiwxVerifier {
  const tokens = new Map<string, string[]>()
  try {
    const saved: unknown = JSON.parse(storage?.getItem(TOKENS_KEY) ?? '{}')
    if (saved && typeof saved === 'object')
      for (const [k, v] of Object.entries(saved))
        if (Array.isArray(v)) tokens.set(k, v.filter((t) => typeof t === 'string').slice(-20))
  } catch {
    // Unreadable storage: tokens of earlier visits are lost; their sessions expire on their own.
  }
  const save = () => {
    try {
      storage?.setItem(TOKENS_KEY, JSON.stringify(Object.fromEntries(tokens)))
    } catch {
      // Storage denied: memory only.
    }
  }
  return {
    async createMessage() {
      const { nonce } = await api.nonce()
      return { version: '1', nonce, issuedAt: new Date(now()).toISOString() }
    },
    async addSession(session) {
      const { token } = await api.addSession(session.message, session.signature)
      const key = keyOf(session.data)
      tokens.set(key, [...(tokens.get(key) ?? []), token].slice(-20))
      save()
    },
    // Only the sessions this browser signed in: the API lists a session to who holds its token.
    getSessions: (account) =>
      api.getSessions(account.chainId, account.accountAddress, tokens.get(keyOf(account)) ?? []),
    async revokeSession(account) {
      const key = keyOf(account)
      const mine = tokens.get(key)
      if (!mine?.length) return
      tokens.delete(key)
      save()
      await api.revoke(account.chainId, account.accountAddress, mine)
    },
  }
}

/** The site's own verifier, in the host page, over the channel (replies parsed by the contract). */
export function createHostVerifier(host: () => HostClient | undefined): SiwxVerifier {
  const client = () => {
    const h = host()
    if (!h) throw new Error('the host page is not connected')
    return h
  }
  return {
    async createMessage(account) {
      const { domain, uri, accountAddress, chainId, ...parts } = await client().siwxCreateMessage(account)
      return parts
    },
    addSession: (session) => client().siwxAddSession(session),
    getSessions: (account) => client().siwxGetSessions(account),
    revokeSession: (account) => client().siwxRevokeSession(account),
  }
}
