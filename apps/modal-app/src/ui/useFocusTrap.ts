import { type RefObject, useEffect } from 'react'

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/** The room the secure frame is laid over: in the Tab order, the frame stands where its slot is. */
const SLOT = '[data-testid="secure-frame-slot"]'

/** The secure frame while it is shown over its slot. */
const VISIBLE_FRAME = 'iframe[data-testid="auth-frame"][data-visible]'

/** The focusable elements of `root` in order, the secure frame (outside `root`) in its slot's place. */
function focusables(root: HTMLElement): HTMLElement[] {
  const items: HTMLElement[] = []
  for (const el of root.querySelectorAll<HTMLElement>(`${FOCUSABLE}, ${SLOT}`)) {
    if (el.offsetParent === null) continue
    if (!el.matches(SLOT)) items.push(el)
    else {
      const frame = document.querySelector<HTMLElement>(VISIBLE_FRAME)
      if (frame) items.push(frame)
    }
  }
  return items
}

/**
 * Whether the opening focus may still move into `root`: not once the keyboard is inside it, or in
 * the secure frame shown over it (a Tab pressed before the focus came, or the frame's own focus),
 * which it would otherwise pull back out of the frame.
 */
export function mayTakeOpeningFocus(root: HTMLElement, active: Element | null): boolean {
  return !root.contains(active) && !active?.matches(VISIBLE_FRAME)
}

/**
 * Keeps Tab and Shift+Tab inside the element while `active`, and focuses it when it activates. The
 * secure frame's screen counts as inside (its own holdFocus keeps Tab there once it has the focus).
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const root = ref.current
    if (!active || !root) return
    // In the frame after the one that shows it: focusing lays the page out and dispatches focus
    // events, which would otherwise hold up that first frame (the open view renders at once). A frame
    // callback asked for now runs before that first frame's paint, so the focus waits for the next.
    let focusing = requestAnimationFrame(() => {
      focusing = requestAnimationFrame(() => {
        if (mayTakeOpeningFocus(root, document.activeElement)) root.focus({ preventScroll: true })
      })
    })
    // Every Tab is moved here, not only at the ends: the frame is not where its slot is in the
    // document, so the browser's own order would skip it.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      event.preventDefault()
      const items = focusables(root)
      const at = items.indexOf(document.activeElement as HTMLElement)
      const next =
        at === -1
          ? event.shiftKey
            ? items.at(-1)
            : items[0]
          : event.shiftKey
            ? (items[at - 1] ?? items.at(-1))
            : (items[at + 1] ?? items[0])
      next?.focus()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      cancelAnimationFrame(focusing)
      document.removeEventListener('keydown', onKey)
    }
  }, [ref, active])
}
