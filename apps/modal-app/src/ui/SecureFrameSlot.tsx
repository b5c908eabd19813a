import { useLayoutEffect, useRef } from 'react'

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
    // focus comes back to the modal's dialog, not to a hidden frame.
    frame.focus({ preventScroll: true })
    return () => {
      cancelAnimationFrame(raf)
      frame.removeAttribute('data-visible')
      frame.removeAttribute('style')
      if (document.activeElement === frame) {
        document.querySelector<HTMLElement>('[data-testid="w3m-modal"]')?.focus({ preventScroll: true })
      }
    }
  }, [])

  return <div ref={slot} className="mk-approval-slot" style={{ height }} data-testid="secure-frame-slot" />
}
