import {
  ConnectionRejectedError,
  type FarcasterFinishRequest,
  type FarcasterStartReply,
  type LoginReply,
  type SocialProvider,
  type SocialStartReply,
} from '@modalkit/protocol'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import { createPkcePair } from './createPkcePair.ts'
import { readDeviceId } from './readDeviceId.ts'
import { SESSION_KEYS, type SessionStore } from './SessionStore.ts'

export type SocialLoginsParameters<Opened> = {
  api: AuthApiClient
  projectId: string
  siteOrigin: string
  sessionStore: SessionStore
  /** Keeps the session the API gave and opens the wallet. */
  finishLogin(login: LoginReply): Promise<Opened>
}

/**
 * Logins that finish away from the frame's own form: a social provider (OAuth with PKCE S256, the
 * verifier kept here and never sent until the callback) and Farcaster. Owns the pending state.
 */
export function createSocialLogins<Opened>({
  api,
  projectId,
  siteOrigin,
  sessionStore,
  finishLogin,
}: SocialLoginsParameters<Opened>) {
  let social: { state: string; verifier: string } | undefined

  return {
    /**
     * Starts a social login: a PKCE S256 verifier made and kept here (memory, and the session store
     * for a callback page of this origin), the challenge sent. Open `authorizationUrl` in the popup.
     */
    async connectSocial(provider: SocialProvider, redirectUri: string): Promise<SocialStartReply> {
      const { verifier, challenge } = await createPkcePair()
      const deviceId = readDeviceId(sessionStore)
      const started = await api.socialStart({
        projectId,
        provider,
        siteOrigin,
        deviceId,
        codeChallenge: challenge,
        redirectUri,
      })
      social = { state: started.state, verifier }
      sessionStore.set(SESSION_KEYS.social, JSON.stringify(social))
      return started
    },

    /** Completes a social login with what the provider sent to the redirect; then as `connectOtp`. */
    async finishSocial({ code, state, iss }: { code: string; state: string; iss?: string }): Promise<Opened> {
      const pending = social ?? readSocial(sessionStore.get(SESSION_KEYS.social))
      social = undefined
      sessionStore.remove(SESSION_KEYS.social) // single use, whatever happens next
      if (!pending || pending.state !== state) throw new ConnectionRejectedError('unknown state')
      return finishLogin(
        await api.socialFinish({ state, code, codeVerifier: pending.verifier, ...(iss ? { iss } : {}) }),
      )
    },

    /** Farcaster login: a single-use state and the nonce the signed message must carry. */
    async startFarcaster(): Promise<FarcasterStartReply> {
      const deviceId = readDeviceId(sessionStore)
      return api.farcasterStart({ projectId, siteOrigin, deviceId })
    },

    /** Completes a Farcaster login with the message the frame verified; the API verifies it again. */
    async finishFarcaster(body: FarcasterFinishRequest): Promise<Opened> {
      return finishLogin(await api.farcasterFinish(body))
    },

    /** The auth cache is cleared: a social login in progress is forgotten. */
    forget(): void {
      social = undefined
      sessionStore.remove(SESSION_KEYS.social)
    },
  }
}

function readSocial(text: string | null): { state: string; verifier: string } | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as { state?: unknown; verifier?: unknown }
    return typeof value.state === 'string' && typeof value.verifier === 'string'
      ? { state: value.state, verifier: value.verifier }
      : undefined
  } catch {
    return undefined
  }
}
