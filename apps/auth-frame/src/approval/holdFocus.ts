const FOCUSABLE = 'button, input, textarea, select, a[href], [tabindex]:not([tabindex="-1"])'

export type HoldFocusParameters = {
  /** Escape on the screen: the approval rejects; a screen that must be finished passes nothing. */
  onEscape?: () => void
  scope?: Window
}

/**
 * Keyboard focus for a screen of the secure frame, a dialog inside the modal's dialog:
 * the screen takes the focus when it mounts and whenever the modal hands the focus to this frame
 * (it focuses the iframe), and Tab cycles within it. The screen itself gets the focus, never a
 * confirming button: that one arms only after a trusted focus of its own (armButton), so a page that
 * steers the focus into this frame cannot put the user's next key on Approve.
 */
export function holdFocus(panel: HTMLElement, { onEscape, scope = window }: HoldFocusParameters = {}) {
  const doc = scope.document
  panel.tabIndex = -1
  const enter = () => {
    if (!panel.contains(doc.activeElement)) panel.focus({ preventScroll: true })
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onEscape) {
      event.preventDefault()
      onEscape()
      return
    }
    if (event.key !== 'Tab') return
    const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (item) => !item.hasAttribute('disabled') && item.getClientRects().length > 0,
    )
    const first = items[0]
    const last = items.at(-1)
    const current = doc.activeElement
    if (!first || !last) {
      event.preventDefault()
      return
    }
    if (event.shiftKey && (current === first || current === panel)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && current === last) {
      event.preventDefault()
      first.focus()
    }
  }
  scope.addEventListener('focus', enter)
  doc.addEventListener('keydown', onKey)
  enter()
  return () => {
    scope.removeEventListener('focus', enter)
    doc.removeEventListener('keydown', onKey)
  }
}
