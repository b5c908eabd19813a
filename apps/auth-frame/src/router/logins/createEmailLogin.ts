import { showRestore } from '../../approval/showRestore.ts'
import type { FrameLanguage } from '../../i18n/frameLanguage.ts'
import type { WalletSession } from '../createWalletSession.ts'
import type { FrameHandlersContext } from '../FrameHandlersContext.ts'
import type { FrameHandlers } from '../startRouter.ts'

export type EmailLoginParameters = {
  session: Pick<WalletSession, 'wallet' | 'loggedIn' | 'recovered'>
  onApprovalVisibility: FrameHandlersContext['onApprovalVisibility']
  language: FrameLanguage
}

/**
 * The e-mail login: the address, the approval of a new device, the code from the mail, and the
 * recovery text typed into this frame. Owns the device wait and the recovery screen on display.
 */
export function createEmailLogin({ session, onApprovalVisibility, language }: EmailLoginParameters) {
  let deviceWait: AbortController | undefined
  let restoring: { cancel(): void } | undefined

  const handlers: Pick<
    FrameHandlers,
    'CONNECT_EMAIL' | 'CONNECT_DEVICE' | 'CONNECT_OTP' | 'CONNECT_RECOVERY'
  > = {
    async CONNECT_EMAIL({ email }) {
      return session.wallet().connectEmail(email)
    },
    async CONNECT_DEVICE() {
      deviceWait?.abort()
      deviceWait = new AbortController()
      await session.wallet().awaitDeviceApproval(deviceWait.signal)
      return {}
    },
    async CONNECT_OTP({ otp }) {
      const result = session.loggedIn(await session.wallet().connectOtp(otp), true)
      return 'needsRecovery' in result ? { needsRecovery: true } : {}
    },
    /** The recovery text is typed into this frame's own screen, never sent by the modal. */
    async CONNECT_RECOVERY() {
      const current = session.wallet()
      restoring?.cancel()
      const screen = showRestore({
        restore: async (text) => {
          await current.recover(text)
          session.recovered()
        },
        onVisibility: onApprovalVisibility,
        messages: language.current(),
      })
      restoring = screen
      try {
        await screen.done
      } finally {
        if (restoring === screen) restoring = undefined
      }
      return {}
    },
  }

  return {
    handlers,
    /** Sign-out: the device wait ends and the recovery screen closes. */
    stop() {
      deviceWait?.abort()
      restoring?.cancel()
    },
  }
}
