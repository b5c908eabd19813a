import { ConnectionRejectedError } from '@modalkit/protocol'
import type { WalletSession } from '../createWalletSession.ts'
import type { FrameHandlers } from '../startRouter.ts'

/** The social login: the provider's page, then its callback to this frame's origin only. */
export function createSocialLogin(
  session: Pick<WalletSession, 'wallet' | 'loggedIn'>,
): Pick<FrameHandlers, 'GET_SOCIAL_REDIRECT_URI' | 'CONNECT_SOCIAL'> {
  return {
    async GET_SOCIAL_REDIRECT_URI({ provider }) {
      const { authorizationUrl } = await session
        .wallet()
        .connectSocial(provider, `${location.origin}/oauth-callback.html`)
      return { uri: authorizationUrl }
    },
    async CONNECT_SOCIAL({ uri }) {
      const url = new URL(uri)
      if (url.origin !== location.origin) throw new ConnectionRejectedError('callback from another origin')
      const code = url.searchParams.get('code')
      const state = url.searchParams.get('state')
      // `iss` only where the provider sends it (RFC 9207: Google does; GitHub, X, Discord, Facebook, Apple do not).
      const iss = url.searchParams.get('iss') ?? undefined
      if (!code || !state) throw new ConnectionRejectedError('callback without code or state')
      const result = session.loggedIn(
        await session.wallet().finishSocial({ code, state, ...(iss ? { iss } : {}) }),
        false,
      )
      return 'needsRecovery' in result ? { needsRecovery: true } : {}
    },
  }
}
