import { armButton } from './armButton.ts'
import { supportsVisibilityTracking } from './isFullyVisible.ts'

export type ShowRecoveryParameters = {
  /** The recovery text of a wallet just made or re-split: it exists only in this frame. */
  text: string
  /**
   * Checks the text the user typed back (issue 14: a new recovery text is confirmed before it
   * counts); rejects when it does not match, and the screen stays with an error.
   */
  confirm(typed: string): Promise<void>
  onVisibility(open: boolean, height?: number): void
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
  root = document.body,
}: ShowRecoveryParameters): Promise<void> {
  const panel = document.createElement('section')
  panel.className = 'approval'
  panel.setAttribute('data-testid', 'recovery')
  panel.setAttribute('role', 'dialog')
  const title = document.createElement('h1')
  title.className = 'approval-title'
  title.textContent = 'Save your recovery text'
  const hint = document.createElement('p')
  hint.className = 'approval-site'
  hint.textContent =
    'Keep it somewhere safe and private. With it you open this wallet on a new device; without it, a lost device may mean a lost wallet. Nobody will ever ask you for it.'
  const code = document.createElement('code')
  code.className = 'recovery-text'
  code.textContent = text
  code.setAttribute('data-testid', 'recovery-text')
  // Typed back here, in the secure frame, never in the modal: proof the text was saved somewhere.
  const typed = document.createElement('textarea')
  typed.className = 'recovery-input'
  typed.rows = 2
  typed.placeholder = 'Type or paste your recovery text to confirm you saved it'
  typed.setAttribute('aria-label', 'Your recovery text, typed back')
  typed.setAttribute('autocomplete', 'off')
  typed.spellcheck = false
  typed.setAttribute('data-testid', 'recovery-confirm-input')
  const error = document.createElement('p')
  error.className = 'approval-site'
  error.setAttribute('role', 'alert')
  error.setAttribute('data-testid', 'recovery-error')
  const actions = document.createElement('div')
  actions.className = 'approval-actions'
  const copy = document.createElement('button')
  copy.type = 'button'
  copy.className = 'button secondary'
  copy.textContent = 'Copy'
  const done = document.createElement('button')
  done.type = 'button'
  done.className = 'button primary'
  done.textContent = 'I saved it'
  done.setAttribute('data-testid', 'recovery-done')
  actions.append(copy, done)
  panel.append(title, hint, code, typed, error, actions)
  copy.addEventListener('click', () => {
    navigator.clipboard.writeText(text).then(
      () => {
        copy.textContent = 'Copied'
      },
      () => {
        copy.textContent = 'Select and copy the text'
      },
    )
  })
  root.append(panel)
  // The modal sizes its room for this screen from the height reported here, again on every change
  // (the frame is narrow until the modal lays it over that room).
  const report = () => onVisibility(true, Math.ceil(panel.getBoundingClientRect().height) + 32)
  const sizes = new ResizeObserver(report)
  sizes.observe(panel)
  report()
  return new Promise((resolve) => {
    const finish = () => {
      sizes.disconnect()
      panel.remove()
      onVisibility(false)
      resolve()
    }
    // Armed like Approve (SECURITY.md, clickjacking), so a page cannot make the user skip the only
    // showing of this text. It signs nothing, so without IntersectionObserver v2 the delay and the
    // resting pointer suffice. A text typed back wrong arms the button afresh for the next try.
    const arm = () =>
      armButton({
        button: done,
        watch: [panel, done],
        gate: supportsVisibilityTracking() ? 'observer' : 'pointer',
        onConfirm: () => {
          confirm(typed.value).then(finish, () => {
            error.textContent = 'This is not the recovery text shown above. Check what you saved.'
            arm()
          })
        },
      })
    arm()
  })
}
