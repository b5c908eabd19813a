import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

export function SIWXSignMessage() {
  const actions = useViewActions()
  return (
    <ViewRoot name="SIWXSignMessage">
      <p className="mk-hint">Sign a message with your wallet to prove you own it.</p>
      <div className="mk-actions">
        <button type="button" className="mk-button mk-button-secondary" onClick={() => actions.close()}>
          Cancel
        </button>
        <button type="button" className="mk-button" disabled>
          Sign
        </button>
      </div>
    </ViewRoot>
  )
}
