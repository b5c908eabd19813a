import { useAtomValue } from 'jotai/react'
import { useLayoutEffect, useRef } from 'react'
import { approvalAtom } from '../../state/atoms.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/**
 * The approval is drawn and clicked inside the secure frame (SECURITY.md): this view only makes
 * room for it and lays the frame exactly over that room, so nothing of the modal covers it.
 */
export function ApproveTransaction() {
  const approval = useAtomValue(approvalAtom)
  const slot = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    const frame = document.querySelector<HTMLIFrameElement>('iframe[data-testid="auth-frame"]')
    const place = slot.current
    if (!frame || !place || !approval.open) return
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
  }, [approval.open])

  return (
    <ViewRoot name="ApproveTransaction">
      {approval.open ? (
        <div ref={slot} className="mk-approval-slot" style={{ height: approval.height }} />
      ) : (
        <>
          <div className="mk-spinner" aria-hidden="true" />
          <p className="mk-hint">Review the request in the secure window</p>
        </>
      )}
    </ViewRoot>
  )
}
