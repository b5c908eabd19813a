import { armButton } from './armButton.ts'
import { supportsVisibilityTracking } from './isFullyVisible.ts'

export type ShowRecoveryParameters = {
  /** The recovery text of a wallet just made or re-split: it exists only in this frame. */
  text: string
  onVisibility(open: boolean, height?: number): void
  root?: HTMLElement
}

/**
 * Shows a new wallet's recovery text once, in the secure frame (it never crosses to the modal), with
 * a copy button, and resolves when the user confirms they saved it. Without it, a new device or a
 * browser that keeps no storage could not open the wallet again.
 */
export function showRecovery({
  text,
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
  panel.append(title, hint, code, actions)
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
    // Armed like Approve (SECURITY.md, clickjacking), so a page cannot make the user skip the only
    // showing of this text. It signs nothing, so without IntersectionObserver v2 the delay and the
    // resting pointer suffice.
    armButton({
      button: done,
      watch: [panel, done],
      gate: supportsVisibilityTracking() ? 'observer' : 'pointer',
      onConfirm: () => {
        sizes.disconnect()
        panel.remove()
        onVisibility(false)
        resolve()
      },
    })
  })
}
