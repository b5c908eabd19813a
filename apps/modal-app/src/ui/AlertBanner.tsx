import { useAtomValue } from 'jotai/react'
import { useT } from '../i18n/useT.ts'
import { alertAtom } from '../state/atoms.ts'
import { CloseIcon } from './icons.tsx'
import { useViewActions } from './ViewActionsContext.ts'

/** SPEC §8 alerts: short and long text, dismissable. */
export function AlertBanner() {
  const alert = useAtomValue(alertAtom)
  const actions = useViewActions()
  const t = useT()
  if (!alert) return null
  return (
    <div className="mk-alert" role="alert" data-testid="w3m-alert">
      <div>
        <strong>{alert.short}</strong>
        {alert.long ? <p>{alert.long}</p> : null}
      </div>
      <button
        type="button"
        className="mk-icon-button"
        aria-label={t('alert.dismiss')}
        onClick={actions.dismissAlert}
      >
        <CloseIcon size={14} />
      </button>
    </div>
  )
}
