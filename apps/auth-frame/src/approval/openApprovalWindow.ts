import { APPROVAL_WINDOW_PREFIX, approvalWindowReplySchema, type FrameTheme } from '@modalkit/protocol'
import type { Locale } from '@modalkit/shared'
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

const CLOSED_POLL_MS = 300

function newNonce(scope: Window): string {
  const bytes = scope.crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * Opens the approval popup on this frame's own origin (approve.html) and talks to it alone: a
 * message counts only from the exact window opened here, on this origin, parsed by its protocol
 * schema, and a decision only with this opening's single-use nonce. Call it from a trusted click
 * (browsers open popups on a user gesture only). `undefined` when the browser blocked the popup.
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
  const origin = scope.location.origin
  const popup = scope.open(new URL('/approve.html', origin).href, '_blank', 'popup,width=420,height=640')
  if (!popup) return undefined
  const nonce = newNonce(scope)
  let done = false

  const onMessage = (event: MessageEvent) => {
    if (event.source !== popup || event.origin !== origin) return
    const message = approvalWindowReplySchema.safeParse(event.data)
    if (!message.success) {
      console.error('[appkit-frame] dropped a malformed approval window message')
      return
    }
    if (message.data.type === `${APPROVAL_WINDOW_PREFIX}READY`) {
      const request = {
        type: `${APPROVAL_WINDOW_PREFIX}REQUEST`,
        nonce,
        locale,
        ...(theme ? { theme } : {}),
        site,
        title,
        fields,
      }
      popup.postMessage(request, origin)
      return
    }
    if (message.data.nonce !== nonce) return
    const { approved } = message.data
    close()
    onDecision(approved)
  }
  const watch = scope.setInterval(() => {
    if (!popup.closed) return
    close()
    onClosed()
  }, CLOSED_POLL_MS)
  scope.addEventListener('message', onMessage)

  function close() {
    if (done) return
    // The nonce is spent with the first decision or the close: a late message cannot count.
    done = true
    scope.clearInterval(watch)
    scope.removeEventListener('message', onMessage)
    if (!popup?.closed) popup?.close()
  }
  return { close }
}
