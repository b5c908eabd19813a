import { ENGLISH, type Messages } from '../i18n/messages.ts'
import type { RequestDescription } from '../keys/RequestDescription.ts'
import { currentTheme } from '../theme/applyTheme.ts'
import { announceArming } from './announceArming.ts'
import { armButton } from './armButton.ts'
import { supportsVisibilityTracking } from './isFullyVisible.ts'
import { openApprovalWindow } from './openApprovalWindow.ts'
import { button, el, renderApprovalPanel, resolveApproval } from './renderApprovalPanel.ts'
import { mountScreen, type OnVisibility } from './secureScreen.ts'

export type ShowApprovalParameters = {
  description: RequestDescription
  /** The site the modal reported (shown so the user knows who asks). */
  site: string
  /** Tells the modal to make room for this frame (its height), or that it may hide it. */
  onVisibility: OnVisibility
  /**
   * The frame's words at the moment the approval opens: kept until it is answered, so a
   * site changing the language meanwhile changes nothing on this screen.
   */
  messages?: Messages
  root?: HTMLElement
  now?: () => number
}

/**
 * The approval of one unsafe request, shown inside the secure frame (SECURITY.md): the request's
 * description as text and Reject. Where the browser can tell whether the frame is seen whole
 * (IntersectionObserver v2), Approve is here and arms as `armButton` says. Where it cannot
 * (Firefox, Safari), a page could fade or cover this frame unnoticed, so Approve never exists here:
 * a button opens the approval popup on this origin, which alone can approve. Resolves `true` on
 * Approve, `false` on Reject or `cancel()`.
 */
export function showApproval({
  description,
  site,
  onVisibility,
  messages = ENGLISH,
  root = document.body,
  now = () => performance.now(),
}: ShowApprovalParameters): { decision: Promise<boolean>; cancel(): void } {
  const content = { ...resolveApproval(description, messages), site }
  const { panel, actions, fields } = renderApprovalPanel(content, messages)
  const reject = button('secondary', messages.text('approval.reject'), 'approval-reject')
  const cleanups: (() => void)[] = []
  let close = () => {}
  let settle: (approved: boolean) => void = () => {}
  const decision = new Promise<boolean>((resolve) => {
    settle = (approved) => {
      settle = () => {}
      for (const cleanup of cleanups) cleanup()
      close()
      resolve(approved)
    }
  })
  reject.addEventListener('click', () => settle(false))

  if (supportsVisibilityTracking()) {
    const approve = button('primary', messages.text('approval.approve'), 'approval-approve')
    actions.append(reject, approve)
    const arming = armButton({
      button: approve,
      watch: [panel, reject, approve],
      unscrolled: [panel],
      readToEnd: [fields],
      gate: 'observer',
      onConfirm: () => settle(true),
      // Keyboard users approve here too: a key press counts only as the pointer does,
      // once the screen was seen whole for 500 ms and the button held the focus for 500 ms.
      keyboard: true,
      now,
    })
    cleanups.push(arming.dispose)
    const announcer = announceArming(approve, {
      armed: messages.text('approval.approveArmed'),
      waiting: messages.text('approval.approveWaiting'),
    })
    panel.append(announcer.status)
    cleanups.push(announcer.dispose)
  } else {
    const review = button('primary', messages.text('approval.openWindow'), 'approval-open-window')
    const note = el('p', 'approval-site', messages.text('approval.windowNote'))
    note.setAttribute('data-testid', 'approval-window-note')
    actions.append(reject, review)
    panel.insertBefore(note, actions)
    let popup: { close(): void } | undefined
    cleanups.push(() => popup?.close())
    review.addEventListener('click', (event) => {
      if (!event.isTrusted) return
      // One popup, one nonce: opening again retires the previous window and whatever it would say.
      popup?.close()
      popup = openApprovalWindow({
        ...content,
        locale: messages.locale,
        theme: currentTheme(),
        onDecision: (approved) => settle(approved),
        onClosed: () => {
          note.textContent = messages.text('approval.windowClosed')
        },
      })
      if (!popup) note.textContent = messages.text('approval.windowBlocked')
    })
  }

  close = mountScreen(panel, onVisibility, root, () => settle(false))
  return { decision, cancel: () => settle(false) }
}
