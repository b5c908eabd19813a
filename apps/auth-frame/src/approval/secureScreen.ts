import type { Messages } from '../i18n/messages.ts'
import { holdFocus } from './holdFocus.ts'
import { el, setLanguage } from './renderApprovalPanel.ts'

/** Tells the modal the screen opened (with the height to make room for) or closed. */
export type OnVisibility = (open: boolean, height?: number) => void

/** A screen of the secure frame: its title and a line of explanation, as text, in `messages`' language. */
export function createScreen(
  tag: 'section' | 'form',
  testId: string,
  title: string,
  hint: string,
  messages: Messages,
) {
  const panel = el(tag, 'approval')
  setLanguage(panel, messages)
  panel.setAttribute('data-testid', testId)
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-label', title)
  panel.append(el('h1', 'approval-title', title), el('p', 'approval-site', hint))
  return panel
}

/** Where a recovery text is typed: in the secure frame only, never offered to autofill or spelling. */
export function createRecoveryInput(testId: string, label: string, rows: number): HTMLTextAreaElement {
  const input = el('textarea', 'recovery-input')
  input.rows = rows
  input.setAttribute('aria-label', label)
  input.setAttribute('autocomplete', 'off')
  input.spellcheck = false
  input.setAttribute('data-testid', testId)
  return input
}

/**
 * Shows `panel` and keeps the modal told of its height: the modal sizes its room for the screen from
 * it, again on every change (the frame is narrow until the modal lays it over that room). The
 * returned function removes the screen and tells the modal it may hide the frame. The screen holds
 * the keyboard focus while it shows (`holdFocus`); `onEscape` is what Escape does on it.
 */
export function mountScreen(
  panel: HTMLElement,
  onVisibility: OnVisibility,
  root: HTMLElement,
  onEscape?: () => void,
): () => void {
  root.append(panel)
  const releaseFocus = holdFocus(panel, onEscape ? { onEscape } : {})
  // The content's own height (scrollHeight), not the box's: the box is capped to the frame, and the
  // modal sizes its room from this before it lays the frame over it.
  const report = () => onVisibility(true, Math.ceil(panel.scrollHeight) + 32)
  const sizes = new ResizeObserver(report)
  sizes.observe(panel)
  for (const child of panel.children) sizes.observe(child)
  report()
  return () => {
    sizes.disconnect()
    releaseFocus()
    panel.remove()
    onVisibility(false)
  }
}
