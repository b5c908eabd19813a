import { useLayoutEffect, useRef } from 'react'

/** The modal's dialog, which holds the focus when nothing in it does. */
const DIALOG = '[data-testid="w3m-modal"]'

/**
 * Room in the modal's body for the secure frame's own screen (an approval, a new wallet's recovery
 * text): the frame is laid exactly over it, so nothing of the modal covers what the user clicks.
 * The frame draws and handles that screen itself (SECURITY.md).
 */
export function SecureFrameSlot({ height }: { height: number }) {
  const slot = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-testid="auth-frame"]')
    const place = slot.current
    if (!frame || !place) return
    // Follow the room every frame while it shows: the card re-centres as its height animates
    // (150 ms), and a resize or scroll moves it too; a ResizeObserver sees only size changes.
    let last = ''
    let raf = 0
    const follow = () => {
      const box = place.getBoundingClientRect()
      const key = `${box.top},${box.left},${box.width},${box.height}`
      if (key !== last) {
        last = key
        Object.assign(frame.style, {
          top: `${box.top}px`,
          left: `${box.left}px`,
          width: `${box.width}px`,
          height: `${box.height}px`,
        })
      }
      raf = requestAnimationFrame(follow)
    }
    follow()
    frame.setAttribute('data-visible', '')
    // Keyboard users: the frame's screen is where the next key belongs. Focusing the
    // iframe hands the focus to the frame, whose screen takes it (its holdFocus); afterwards the
    // focus comes back to the modal's dialog, not to a hidden frame. An iframe still the active
    // element from an earlier screen is blurred first: focusing it again would not move into it.
    if (document.activeElement === frame) frame.blur()
    frame.focus({ preventScroll: true })
    // The page can take the modal's iframe out and back (it applies a close and the next open late,
    // after this screen took the focus, or its own script makes the iframe inert): that drops the
    // focus inside, and the page's focus on the iframe then stops at the modal, short of the frame.
    // So when the modal gets the focus back while nothing in it holds it, the frame takes it again.
    // Focusing the frame once its own focus event is done; an iframe that is already the active
    // element is blurred first, or the focus would not move into it.
    let refocus: ReturnType<typeof setTimeout> | undefined
    const onWindowFocus = () => {
      clearTimeout(refocus)
      refocus = setTimeout(() => {
        // The focus may have left the modal meanwhile (the page's own script): it is not taken back.
        if (!document.hasFocus()) return
        const active = document.activeElement
        if (active !== frame && active !== document.body && !active?.matches(DIALOG)) return
        if (active === frame) frame.blur()
        frame.focus({ preventScroll: true })
      })
    }
    window.addEventListener('focus', onWindowFocus)
    return () => {
      clearTimeout(refocus)
      window.removeEventListener('focus', onWindowFocus)
      cancelAnimationFrame(raf)
      frame.removeAttribute('data-visible')
      frame.removeAttribute('style')
      if (document.activeElement === frame) {
        document.querySelector<HTMLElement>(DIALOG)?.focus({ preventScroll: true })
      }
    }
  }, [])

  return <div ref={slot} className="mk-approval-slot" style={{ height }} data-testid="secure-frame-slot" />
}
