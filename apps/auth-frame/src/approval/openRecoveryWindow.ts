import { type FrameTheme, RECOVERY_WINDOW_PREFIX, recoveryWindowReplySchema } from '@modalkit/protocol'
import type { Locale } from '@modalkit/shared'
import { openOwnWindow } from './openOwnWindow.ts'

export type OpenRecoveryWindowParameters = {
  /** The recovery text: sent to the window on this origin only, never into the site's page. */
  text: string
  /** The language of the frame's screen: the window speaks it too. */
  locale: Locale
  theme?: FrameTheme | undefined
  /** The frame's own check of the text typed back; rejects when it does not match. */
  confirm(typed: string): Promise<void>
  /** `confirm` accepted a text typed in the window (which then closes). */
  onConfirmed(): void
  /** The window closed before a text was confirmed: the user may open it again. */
  onClosed(): void
  scope?: Window
}

/**
 * Opens the recovery window on this frame's own origin (recovery.html) and talks to it alone
 * (`openOwnWindow`): the text goes out once the window is ready, and a text typed back counts only
 * with this opening's single-use nonce. The frame's `confirm` decides; a wrong text is answered so
 * the window says so and stays. Call it from a trusted click. `undefined` when the browser blocked it.
 */
export function openRecoveryWindow({
  text,
  locale,
  theme,
  confirm,
  onConfirmed,
  onClosed,
  scope = window,
}: OpenRecoveryWindowParameters): { close(): void } | undefined {
  let checking = false
  return openOwnWindow({
    path: '/recovery.html',
    parse: (data) => recoveryWindowReplySchema.safeParse(data),
    onReply: (message, popup) => {
      if (message.type === `${RECOVERY_WINDOW_PREFIX}READY`) {
        popup.send({
          type: `${RECOVERY_WINDOW_PREFIX}TEXT`,
          nonce: popup.nonce,
          locale,
          ...(theme ? { theme } : {}),
          text,
        })
        return
      }
      // One check at a time: a second text while the first is checked is not a second try.
      if (message.nonce !== popup.nonce || checking) return
      checking = true
      confirm(message.typed).then(
        () => {
          popup.send({ type: `${RECOVERY_WINDOW_PREFIX}RESULT`, nonce: popup.nonce, confirmed: true })
          popup.close()
          onConfirmed()
        },
        () => {
          checking = false
          popup.send({ type: `${RECOVERY_WINDOW_PREFIX}RESULT`, nonce: popup.nonce, confirmed: false })
        },
      )
    },
    onClosed,
    scope,
  })
}
