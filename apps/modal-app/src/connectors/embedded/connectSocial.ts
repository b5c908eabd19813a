import {
  ConnectionRejectedError,
  PopupClosedError,
  SocialConnectFailedError,
  type SocialProvider,
  socialCallbackSchema,
} from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS, SOCIAL_POPUP } from '@modalkit/shared'
import { emailFlowAtom, historyAtom } from '../../state/atoms.ts'
import { pushView } from '../../state/viewStack.ts'
import type { EmbeddedSession } from './createEmbeddedSession.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { messageOf } from './embeddedBasics.ts'
import { openSocialPopup } from './socialPopup.ts'

/**
 * Social login (SPEC §4, §9): a 600x800 popup opened in the click (openSocialPopup),
 * sent to the provider with the frame's PKCE challenge; its callback page, on the secure origin,
 * hands the redirect URL back here and the frame finishes. The popup is checked every second:
 * closing it ends the attempt with 'Popup closed'.
 */
export async function connectSocial(
  ctx: EmbeddedContext,
  session: EmbeddedSession,
  provider: SocialProvider,
  popup: Window | null = openSocialPopup(),
): Promise<void> {
  const { store } = ctx
  const { pollMs } = SOCIAL_POPUP
  session.setStatus('connecting')
  ctx.analytics.track('SELECT_WALLET', { name: provider })
  let cleanup = () => {}
  try {
    if (!popup) throw new SocialConnectFailedError()
    const callback = new Promise<string>((resolve, reject) => {
      const onMessage = (event: MessageEvent) => {
        if (event.source !== popup || event.origin !== ctx.authOrigin) return
        const parsed = socialCallbackSchema.safeParse(event.data)
        if (parsed.success) resolve(parsed.data.url)
      }
      const timer = setInterval(() => {
        if (popup.closed) reject(new PopupClosedError())
      }, pollMs)
      window.addEventListener('message', onMessage)
      cleanup = () => {
        clearInterval(timer)
        window.removeEventListener('message', onMessage)
      }
    })
    let uri: string
    try {
      await session.syncDapp()
      ;({ uri } = await ctx.frame().request('GET_SOCIAL_REDIRECT_URI', { provider }, CONNECT_TIMEOUT_MS))
    } catch (error) {
      // Why it could not start stays in the error's details, for whoever reads the error.
      throw new SocialConnectFailedError(messageOf(error))
    }
    popup.location.href = uri
    const url = await callback
    if (new URL(url).searchParams.has('error'))
      throw new ConnectionRejectedError('the provider answered with an error')
    const { needsRecovery } = await ctx.frame().request('CONNECT_SOCIAL', { uri: url }, CONNECT_TIMEOUT_MS)
    if (needsRecovery) {
      store.set(emailFlowAtom, { email: provider, step: 'recovery' })
      store.set(historyAtom, (history) => pushView(history, 'EmailLogin'))
      await session.restoreInFrame(provider)
      return
    }
    await session.finish(provider)
  } catch (error) {
    session.setStatus('disconnected')
    ctx.analytics.track('CONNECT_ERROR', { message: messageOf(error) })
    throw error
  } finally {
    cleanup()
    if (popup && !popup.closed) popup.close()
  }
}
