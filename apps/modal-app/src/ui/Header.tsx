import type { View } from '@modalkit/protocol'
import { useT } from '../i18n/useT.ts'
import { BackIcon, CloseIcon } from './icons.tsx'
import { useViewActions } from './ViewActionsContext.ts'

export function Header({
  view,
  canGoBack,
  titleId,
  closeDisabled,
}: {
  view: View
  canGoBack: boolean
  titleId: string
  closeDisabled: boolean
}) {
  const actions = useViewActions()
  const t = useT()
  return (
    <header className="mk-header">
      {canGoBack ? (
        <button
          type="button"
          className="mk-icon-button"
          aria-label={t('header.back')}
          onClick={actions.back}
          data-testid="header-back"
        >
          <BackIcon />
        </button>
      ) : (
        <span className="mk-icon-spacer" />
      )}
      <h2 id={titleId} key={view} className="mk-title">
        {t(`title.${view}`)}
      </h2>
      <button
        type="button"
        className="mk-icon-button"
        aria-label={t('header.close')}
        onClick={() => actions.close()}
        disabled={closeDisabled}
        data-testid="header-close"
      >
        <CloseIcon />
      </button>
    </header>
  )
}
