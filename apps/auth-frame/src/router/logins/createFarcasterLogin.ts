import { ConnectionRejectedError, FarcasterConnectFailedError } from '@modalkit/protocol'
import type { FarcasterChannel, OpenChannel } from '../../wallet/farcasterChannel.ts'
import type { WalletSession } from '../createWalletSession.ts'
import type { FrameHandlersContext } from '../FrameHandlersContext.ts'
import type { FrameHandlers } from '../startRouter.ts'

/** Every failure of a Farcaster login reads 'Failed to connect to farcaster' (SPEC §8), with why. */
const asFarcasterError = async <T>(work: Promise<T>): Promise<T> => {
  try {
    return await work
  } catch (error) {
    if (error instanceof FarcasterConnectFailedError || error instanceof ConnectionRejectedError) throw error
    throw new FarcasterConnectFailedError(error instanceof Error ? error.message : String(error))
  }
}

/** The Farcaster login. Owns the open relay channel and the wait for its answer. */
export function createFarcasterLogin(
  session: Pick<WalletSession, 'wallet' | 'site' | 'loggedIn'>,
  config: FrameHandlersContext['farcaster'],
) {
  let farcaster: { state: string; channel: OpenChannel; relay: FarcasterChannel } | undefined
  let farcasterWait: AbortController | undefined

  const handlers: Pick<FrameHandlers, 'GET_FARCASTER_URI' | 'CONNECT_FARCASTER'> = {
    /** A relay channel for this frame's domain with the API's nonce; its link for the QR code. */
    async GET_FARCASTER_URI() {
      if (!config) throw new FarcasterConnectFailedError('Farcaster login is not configured')
      farcasterWait?.abort()
      farcaster = undefined
      // The relay client (and the chain library its check needs) loads only for a Farcaster login.
      const [started, { createFarcasterChannel }] = await Promise.all([
        asFarcasterError(session.wallet().startFarcaster()),
        import('../../wallet/farcasterChannel.ts'),
      ])
      const site = session.site()
      const relay = createFarcasterChannel({ relayUrl: config.relayUrl, rpcUrl: config.rpcUrl(site) })
      const channel = await asFarcasterError(relay.open({ ...started, siteOrigin: site }))
      farcaster = { state: started.state, channel, relay }
      return { url: channel.url, expiresAt: channel.expiresAt }
    },
    /** Waits for the approval, verifies the message here, then the API logs in (and verifies again). */
    async CONNECT_FARCASTER() {
      const pending = farcaster
      if (!pending) throw new FarcasterConnectFailedError('no Farcaster sign-in request open')
      farcasterWait?.abort()
      const abort = new AbortController()
      farcasterWait = abort
      try {
        const signed = await asFarcasterError(pending.relay.wait(pending.channel, abort.signal))
        farcaster = undefined
        const { message, signature } = signed
        const result = session.loggedIn(
          await asFarcasterError(
            session.wallet().finishFarcaster({ state: pending.state, message, signature }),
          ),
          false,
        )
        const userName = signed.username ?? `fid:${signed.fid}`
        return 'needsRecovery' in result ? { userName, needsRecovery: true } : { userName }
      } finally {
        if (farcasterWait === abort) farcasterWait = undefined
        // A channel is answered once: another try asks for a new one (GET_FARCASTER_URI).
        if (farcaster === pending) farcaster = undefined
      }
    },
  }

  return {
    handlers,
    /** The modal closed or the user signed out: the wait for the relay's answer ends. */
    stopWaiting() {
      farcasterWait?.abort()
    },
  }
}
