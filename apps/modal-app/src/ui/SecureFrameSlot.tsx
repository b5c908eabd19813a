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
    const position = () => {
      const box = place.getBoundingClientRect()
      Object.assign(frame.style, {
        top: `${box.top}px`,
        left: `${box.left}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
      })
    }
    position()
    frame.setAttribute('data-visible', '')
    const observer = new ResizeObserver(position)
    observer.observe(place)
    window.addEventListener('resize', position)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', position)
      frame.removeAttribute('data-visible')
      frame.removeAttribute('style')
    }
  }, [])

  return <div ref={slot} className="mk-approval-slot" style={{ height }} data-testid="secure-frame-slot" />
}
