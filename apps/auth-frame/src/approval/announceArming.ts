import { el } from './renderApprovalPanel.ts'

/**
 * The arming wait is announced, not only drawn. A polite status under the buttons says
 * that `button` is not available yet and why (`words.waiting`), and then that it is (`words.armed`),
 * in the screen's language; it follows the button's `aria-disabled` (armButton sets it), so a
 * screen-reader user knows when a key press will count.
 */
export function announceArming(
  button: HTMLButtonElement,
  words: { armed: string; waiting: string },
): { status: HTMLElement; dispose(): void } {
  const status = el('p', 'visually-hidden')
  status.setAttribute('role', 'status')
  status.setAttribute('data-testid', 'arming-status')
  const update = () => {
    const armed = button.getAttribute('aria-disabled') === 'false'
    status.textContent = armed ? words.armed : words.waiting
  }
  const observer = new MutationObserver(update)
  observer.observe(button, { attributes: true, attributeFilter: ['aria-disabled'] })
  update()
  return { status, dispose: () => observer.disconnect() }
}
