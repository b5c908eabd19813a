import type { View } from '@modalkit/protocol'
import { VIEW_TITLES } from '../views/titles.ts'
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
  return (
    <header className="mk-header">
      {canGoBack ? (
        <button
          type="button"
          className="mk-icon-button"
          aria-label="Back"
          onClick={actions.back}
          data-testid="header-back"
        >
          <BackIcon />
        </button>
      ) : (
        <span className="mk-icon-spacer" />
      )}
      <h2 id={titleId} key={view} className="mk-title">
        {VIEW_TITLES[view]}
      </h2>
      <button
        type="button"
        className="mk-icon-button"
        aria-label="Close"
        onClick={() => actions.close()}
        disabled={closeDisabled}
        data-testid="header-close"
      >
        <CloseIcon />
      </button>
    </header>
  )
}
