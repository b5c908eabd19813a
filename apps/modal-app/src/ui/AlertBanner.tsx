import { useAtomValue } from 'jotai/react'
import { alertAtom } from '../state/atoms.ts'
import { useController } from './ControllerContext.ts'
import { CloseIcon } from './icons.tsx'

/** SPEC §8 alerts: short and long text, dismissable. */
export function AlertBanner() {
  const alert = useAtomValue(alertAtom)
  const controller = useController()
  if (!alert) return null
  return (
    <div className="mk-alert" role="alert" data-testid="w3m-alert">
      <div>
        <strong>{alert.short}</strong>
        {alert.long ? <p>{alert.long}</p> : null}
      </div>
      <button type="button" className="mk-icon-button" aria-label="Dismiss" onClick={controller.dismissAlert}>
        <CloseIcon size={14} />
      </button>
    </div>
  )
}
