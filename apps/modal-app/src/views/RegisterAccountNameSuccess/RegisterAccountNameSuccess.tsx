import { useAtomValue } from 'jotai/react'
import { useT } from '../../i18n/useT.ts'
import { nameFlowAtom } from '../../state/names/createNameActions.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** RegisterAccountNameSuccess (SPEC §2): the name just registered, and back to the Account view. */
export function RegisterAccountNameSuccess() {
  const actions = useViewActions()
  const t = useT()
  const flow = useAtomValue(nameFlowAtom)
  return (
    <ViewRoot name="RegisterAccountNameSuccess">
      <p className="mk-hint" data-testid="account-name-registered">
        {flow.step === 'done'
          ? t('account.name.registered', { name: flow.name })
          : t('account.name.registeredAnonymous')}
      </p>
      <div className="mk-actions">
        <button
          type="button"
          className="mk-button"
          onClick={() => actions.back()}
          data-testid="account-name-done"
        >
          {t('account.name.back')}
        </button>
      </div>
    </ViewRoot>
  )
}
