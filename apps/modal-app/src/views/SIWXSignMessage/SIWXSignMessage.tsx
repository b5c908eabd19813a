import { useAtomValue } from 'jotai/react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { siwxFlowAtom } from '../../siwx/siwxAtoms.ts'
import { hostOriginAtom } from '../../state/atoms.ts'
import { closeDisabledAtom } from '../../state/derivedAtoms.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** SPEC §4 sign-in: Sign asks the wallet, failure shows the error and can retry, Cancel follows SPEC's rule. */
export function SIWXSignMessage() {
  const actions = useViewActions()
  const t = useT()
  const describe = useDescribeError()
  const flow = useAtomValue(siwxFlowAtom)
  const site = useAtomValue(hostOriginAtom)
  const required = useAtomValue(closeDisabledAtom)
  const signing = flow.step === 'signing'
  const host = site ? new URL(site).host : undefined
  const prompt = host
    ? t(required ? 'siwx.promptRequired' : 'siwx.prompt', { site: host })
    : t(required ? 'siwx.promptThisSiteRequired' : 'siwx.promptThisSite')
  return (
    <ViewRoot name="SIWXSignMessage">
      <p className="mk-hint">{prompt}</p>
      {signing ? (
        <p className="mk-hint" data-testid="siwx-waiting">
          {t('siwx.waiting')}
        </p>
      ) : null}
      {flow.step === 'error' ? (
        <p className="mk-error-title" role="alert" data-testid="siwx-error">
          {flow.error === undefined ? null : describe(flow.error)}
        </p>
      ) : null}
      <div className="mk-actions">
        <button
          type="button"
          className="mk-button mk-button-secondary"
          onClick={() => void actions.siwxCancel()}
          data-testid="siwx-cancel"
        >
          {t('siwx.cancel')}
        </button>
        <button
          type="button"
          className="mk-button"
          disabled={signing}
          onClick={() => void actions.siwxSign()}
          data-testid="siwx-sign"
        >
          {flow.step === 'error' ? t('siwx.retry') : signing ? t('siwx.signing') : t('siwx.sign')}
        </button>
      </div>
    </ViewRoot>
  )
}
