import { APPROVAL_WINDOW_PREFIX, approvalWindowReplySchema, type FrameTheme } from '@modalkit/protocol'
import type { Locale } from '@modalkit/shared'
import { openOwnWindow } from './openOwnWindow.ts'
import type { ApprovalContent } from './renderApprovalPanel.ts'

export type OpenApprovalWindowParameters = ApprovalContent & {
  /** The language of the frame's screen: the popup speaks it too. */
  locale: Locale
  /** The site's theme as this frame has it: the popup looks like the screen that opened it. */
  theme?: FrameTheme | undefined
  /** The popup's decision, once, for this window's nonce only. */
  onDecision(approved: boolean): void
  /** The popup closed without a decision: nothing is signed; the user may open it again. */
  onClosed(): void
  scope?: Window
}

/**
 * Opens the approval popup on this frame's own origin (approve.html) and talks to it alone
 * (`openOwnWindow`): the request goes out once the popup is ready, and a decision counts only with
 * this opening's single-use nonce. Call it from a trusted click. `undefined` when the browser
 * blocked the popup.
 */
export function openApprovalWindow({
  title,
  fields,
  site,
  locale,
  theme,
  onDecision,
  onClosed,
  scope = window,
}: OpenApprovalWindowParameters): { close(): void } | undefined {
  return openOwnWindow({
    path: '/approve.html',
    parse: (data) => approvalWindowReplySchema.safeParse(data),
    onReply: (message, popup) => {
      if (message.type === `${APPROVAL_WINDOW_PREFIX}READY`) {
        const request = {
          type: `${APPROVAL_WINDOW_PREFIX}REQUEST`,
          nonce: popup.nonce,
          locale,
          ...(theme ? { theme } : {}),
          site,
          title,
          fields,
        }
        popup.send(request)
        return
      }
      if (message.nonce !== popup.nonce) return
      popup.close()
      onDecision(message.approved)
    },
    onClosed,
    scope,
  })
}
