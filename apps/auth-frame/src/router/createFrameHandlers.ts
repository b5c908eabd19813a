import { NotConnectedToEmbeddedError } from '@modalkit/protocol'
import { createFrameLanguage } from '../i18n/frameLanguage.ts'
import { applyTheme } from '../theme/applyTheme.ts'
import { createBitcoinGrants } from '../wallet/bitcoin/createBitcoinGrants.ts'
import { createMemorySessionStore } from '../wallet/createMemorySessionStore.ts'
import { createRecoveryExport } from './createRecoveryExport.ts'
import { createRequestApprovals } from './createRequestApprovals.ts'
import { createWalletSession } from './createWalletSession.ts'
import type { FrameHandlersContext } from './FrameHandlersContext.ts'
import { createEmailLogin } from './logins/createEmailLogin.ts'
import { createEmailUpdate } from './logins/createEmailUpdate.ts'
import { createFarcasterLogin } from './logins/createFarcasterLogin.ts'
import { createSocialLogin } from './logins/createSocialLogin.ts'
import type { FrameHandlers } from './startRouter.ts'

export type { FrameHandlersContext } from './FrameHandlersContext.ts'

/**
 * What the frame does for each SPEC §7 request, composed from its rooms: the wallet session, the
 * logins, the site's requests and the recovery text. Each room owns its own state; this keeps none.
 */
export function createFrameHandlers(ctx: FrameHandlersContext): FrameHandlers {
  const language = ctx.language ?? createFrameLanguage()
  const screens = { onApprovalVisibility: ctx.onApprovalVisibility, language }
  const session = createWalletSession(ctx)
  /** The sites each user allowed to see the Bitcoin address; the request room gates bip122 on them. */
  const bitcoinGrants = ctx.bitcoinGrants ?? createBitcoinGrants(createMemorySessionStore())
  const emailLogin = createEmailLogin({ session, ...screens })
  const farcaster = createFarcasterLogin(session, ctx.farcaster)
  const recovery = createRecoveryExport({ session, ...screens })
  const requests = createRequestApprovals({
    session,
    setRpcUrl: ctx.setRpcUrl,
    bitcoinGrants,
    ...screens,
  })

  return {
    ...session.handlers,
    ...emailLogin.handlers,
    ...createSocialLogin(session),
    ...farcaster.handlers,
    ...createEmailUpdate(session),
    ...recovery.handlers,
    ...requests.handlers,
    async SYNC_THEME(theme) {
      applyTheme(theme)
      return {}
    },
    /** Screens opened from now on speak the modal's language; one on screen keeps its own. */
    async SYNC_LOCALE({ locale }) {
      await language.set(locale)
      return {}
    },
    async SWITCH_NETWORK({ chainId }) {
      ctx.chain.id = chainId
      return { chainId }
    },
    async GET_CHAIN_ID() {
      return { chainId: ctx.chain.id }
    },
    /** The user stops sharing the Bitcoin address with the site served: its grant alone goes. */
    async REVOKE_BITCOIN_GRANT() {
      const user = session.wallet().getUser()
      if (!user) throw new NotConnectedToEmbeddedError()
      bitcoinGrants.revoke(user.userId, session.site())
      return {}
    },
    /** Every wait, screen and rotation ends before the wallet signs out. */
    async SIGN_OUT() {
      emailLogin.stop()
      farcaster.stopWaiting()
      recovery.stop()
      requests.cancel()
      await session.signOut()
      return {}
    },
    /** The modal closed (SPEC §4): the approval on screen, or a recovery-text rotation, is given up. */
    async RPC_ABORT() {
      farcaster.stopWaiting()
      requests.abort()
      recovery.stop()
      return {}
    },
  }
}
