import { ENGLISH, type Messages } from '../i18n/messages.ts'
import { armButton } from './armButton.ts'
import { supportsVisibilityTracking } from './isFullyVisible.ts'
import { button, el } from './renderApprovalPanel.ts'
import { createRecoveryInput, createScreen, mountScreen, type OnVisibility } from './secureScreen.ts'

export type ShowRecoveryParameters = {
  /** The recovery text of a wallet just made or re-split: it exists only in this frame. */
  text: string
  /**
   * Checks the text the user typed back (a new recovery text is confirmed before it
   * counts); rejects when it does not match, and the screen stays with an error.
   */
  confirm(typed: string): Promise<void>
  onVisibility: OnVisibility
  /** Removes the screen and rejects with the signal's reason: a rotation given up, never confirmed. */
  signal?: AbortSignal
  /** The frame's words when the screen opens: kept until it closes. */
  messages?: Messages
  root?: HTMLElement
}

/**
 * Shows a new recovery text in the secure frame (it never crosses to the modal), with a copy button,
 * and resolves once the user typed it back here and `confirm` accepted it. Without it, a new device
 * or a browser that keeps no storage could not open the wallet again.
 */
export function showRecovery({
  text,
  confirm,
  onVisibility,
  signal,
  messages = ENGLISH,
  root = document.body,
}: ShowRecoveryParameters): Promise<void> {
  const words = messages.text
  const panel = createScreen('section', 'recovery', words('recovery.title'), words('recovery.hint'), messages)
  const code = el('code', 'recovery-text', text)
  code.setAttribute('data-testid', 'recovery-text')
  // Typed back here, in the secure frame, never in the modal: proof the text was saved somewhere.
  const typed = createRecoveryInput('recovery-confirm-input', words('recovery.typedBack'), 2)
  typed.placeholder = words('recovery.typeBackHint')
  const error = el('p', 'approval-site')
  error.setAttribute('role', 'alert')
  error.setAttribute('data-testid', 'recovery-error')
  const actions = el('div', 'approval-actions')
  const copy = button('secondary', words('recovery.copy'), 'recovery-copy')
  const done = button('primary', words('recovery.saved'), 'recovery-done')
  actions.append(copy, done)
  panel.append(code, typed, error, actions)
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(text).then(
      () => {
        copy.textContent = words('recovery.copied')
      },
      () => {
        copy.textContent = words('recovery.copyFailed')
      },
    )
  })
  const close = mountScreen(panel, onVisibility, root)
  return new Promise((resolve, reject) => {
    const finish = () => {
      signal?.removeEventListener('abort', abandon)
      close()
      resolve()
    }
    const abandon = () => {
      close()
      reject(signal?.reason)
    }
    if (signal?.aborted) return abandon()
    signal?.addEventListener('abort', abandon, { once: true })
    // Armed like Approve (SECURITY.md, clickjacking), so a page cannot make the user skip the only
    // showing of this text. It signs nothing, so without IntersectionObserver v2 the delay and the
    // resting pointer suffice. A text typed back wrong arms the button afresh for the next try.
    const arm = () =>
      armButton({
        button: done,
        watch: [panel, done],
        gate: supportsVisibilityTracking() ? 'observer' : 'pointer',
        keyboard: true,
        onConfirm: () => {
          confirm(typed.value).then(finish, () => {
            error.textContent = words('recovery.mismatch')
            arm()
          })
        },
      })
    arm()
  })
}
