import { AppKitError } from '@modalkit/protocol'
import { showRecovery } from '../approval/showRecovery.ts'
import type { FrameLanguage } from '../i18n/frameLanguage.ts'
import type { WalletSession } from './createWalletSession.ts'
import type { FrameHandlersContext } from './FrameHandlersContext.ts'
import type { FrameHandlers } from './startRouter.ts'

export type RecoveryExportParameters = {
  session: Pick<WalletSession, 'wallet' | 'recoverySaved'>
  onApprovalVisibility: FrameHandlersContext['onApprovalVisibility']
  language: FrameLanguage
}

/** Why a rotation given up before its confirmation ends: the old text stays the valid one. */
const notChanged = () => new AppKitError({ code: 4001, shortMessage: 'The recovery text was not changed' })

/** The recovery text shown in this frame: after a first login, and a new one on request. Owns the rotation. */
export function createRecoveryExport({ session, onApprovalVisibility, language }: RecoveryExportParameters) {
  let rotating: AbortController | undefined

  const handlers: Pick<FrameHandlers, 'EXPORT_RECOVERY' | 'ROTATE_RECOVERY'> = {
    async EXPORT_RECOVERY() {
      const current = session.wallet()
      const text = current.exportRecovery()
      if (text === null) return { shown: false }
      await showRecovery({
        text,
        confirm: (typed) => current.confirmRecovery(typed),
        onVisibility: onApprovalVisibility,
        messages: language.current(),
      })
      session.recoverySaved()
      return { shown: true }
    },
    /**
     * A new recovery text, on the user's explicit request. The new text is shown here only; the auth
     * share is replaced once it was typed back (`confirmRecovery`). Until then, or if the frame goes
     * away first (a reload, a closed tab), the old text stays the valid one.
     */
    async ROTATE_RECOVERY() {
      const current = session.wallet()
      // A second request (the modal was closed and the user asked again) replaces the first screen,
      // as the wallet replaces the first unconfirmed rotation: neither changed anything yet.
      rotating?.abort(notChanged())
      const abort = new AbortController()
      rotating = abort
      try {
        const text = await current.rotateRecovery()
        await showRecovery({
          text,
          confirm: (typed) => current.confirmRecovery(typed),
          onVisibility: onApprovalVisibility,
          signal: abort.signal,
          messages: language.current(),
        })
      } finally {
        if (rotating === abort) rotating = undefined
      }
      return {}
    },
  }

  return {
    handlers,
    /** The modal closed or the user signed out: a rotation not yet confirmed is given up. */
    stop() {
      rotating?.abort(notChanged())
    },
  }
}
