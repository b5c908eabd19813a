import { useAtomValue } from 'jotai/react'
import { siwxFlowAtom } from '../../siwx/siwxAtoms.ts'
import { hostOriginAtom } from '../../state/atoms.ts'
import { closeDisabledAtom } from '../../state/derivedAtoms.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** SPEC §4 sign-in: Sign asks the wallet, failure shows the error and can retry, Cancel follows SPEC's rule. */
export function SIWXSignMessage() {
  const actions = useViewActions()
  const flow = useAtomValue(siwxFlowAtom)
  const site = useAtomValue(hostOriginAtom)
  const required = useAtomValue(closeDisabledAtom)
  const signing = flow.step === 'signing'
  return (
    <ViewRoot name="SIWXSignMessage">
      <p className="mk-hint">
        {site ? new URL(site).host : 'This site'} asks you to sign a message with your wallet to prove you own
        it.
        {required ? ' Signing in is required.' : ''}
      </p>
      {signing ? (
        <p className="mk-hint" data-testid="siwx-waiting">
          Continue in your wallet
        </p>
      ) : null}
      {flow.step === 'error' ? (
        <p className="mk-error-title" role="alert" data-testid="siwx-error">
          {flow.error}
        </p>
      ) : null}
      <div className="mk-actions">
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => void actions.siwxCancel()}
          data-testid="siwx-cancel"
        >
          Cancel
        </button>
        <button
          type="button"
          className="mk-button"
          disabled={signing}
          onClick={() => void actions.siwxSign()}
          data-testid="siwx-sign"
        >
          {flow.step === 'error' ? 'Try again' : signing ? 'Signing…' : 'Sign'}
        </button>
      </div>
    </ViewRoot>
  )
}
