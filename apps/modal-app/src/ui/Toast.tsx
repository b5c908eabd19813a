import { useAtom } from 'jotai/react'
import { useEffect } from 'react'
import { toastAtom } from '../state/atoms.ts'

const HIDE_AFTER_MS = 2_500

/** One toast at a time (success / loading / error); loading stays until replaced. */
export function Toast() {
  const [toast, setToast] = useAtom(toastAtom)
  useEffect(() => {
    if (!toast || toast.variant === 'loading') return
    const timer = setTimeout(() => setToast(undefined), HIDE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [toast, setToast])
  if (!toast) return null
  return (
    <div
      className="mk-toast"
      data-variant={toast.variant}
      role="status"
      aria-live="polite"
      data-testid="w3m-toast"
      key={toast.id}
    >
      <span className="mk-toast-dot" aria-hidden="true" />
      {toast.message}
    </div>
  )
}
