import { AppKitError, FarcasterConnectFailedError } from '@modalkit/protocol'
import { CONNECT_TIMEOUT_MS } from '@modalkit/shared'
import { emailFlowAtom, historyAtom } from '../../state/atoms.ts'
import { pushView } from '../../state/viewStack.ts'
import type { EmbeddedSession } from './createEmbeddedSession.ts'
import type { EmbeddedContext } from './EmbeddedContext.ts'
import { messageOf } from './embeddedBasics.ts'

/** The sign-in link of a Farcaster relay channel, and when it stops working (epoch ms). */
export type FarcasterLink = { url: string; expiresAt: number }

/**
 * Farcaster login (SPEC §2 ConnectingFarcaster): the secure frame opens a relay channel
 * and answers its link (shown as a QR code and a deep link), then waits for the user's Farcaster
 * client to approve it, verifies the signed message itself and logs in. No timeout on that wait:
 * the frame ends it when the channel expires. Every failure reads 'Failed to connect to farcaster'.
 */
export async function connectFarcaster(
  ctx: EmbeddedContext,
  session: EmbeddedSession,
  onLink: (link: FarcasterLink) => void,
): Promise<void> {
  const { store } = ctx
  session.setStatus('connecting')
  ctx.analytics.track('SELECT_WALLET', { name: 'farcaster' })
  try {
    await session.syncDapp()
    onLink(await ctx.frame().request('GET_FARCASTER_URI', {}, CONNECT_TIMEOUT_MS))
    const { needsRecovery, userName } = await ctx.frame().request('CONNECT_FARCASTER', {})
    if (needsRecovery) {
      store.set(emailFlowAtom, { email: userName ?? 'farcaster', step: 'recovery' })
      store.set(historyAtom, (history) => pushView(history, 'EmailLogin'))
      await session.restoreInFrame('farcaster')
      return
    }
    await session.finish('farcaster')
  } catch (error) {
    session.setStatus('disconnected')
    ctx.analytics.track('CONNECT_ERROR', { message: messageOf(error) })
    if (error instanceof AppKitError && error.code === 'farcaster_connect_failed') throw error
    throw new FarcasterConnectFailedError(messageOf(error))
  }
}
