import type { NameSuggestion } from '@modalkit/protocol'
import { useAtomValue } from 'jotai/react'
import { useEffect, useId, useState } from 'react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { nameFeature } from '../../state/features.ts'
import { nameFlowAtom, toNameLabel } from '../../state/names/createNameActions.ts'
import { useFeature } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** How long typing pauses before suggestions are asked for. */
const SUGGEST_DELAY_MS = 250

/** RegisterAccountName (SPEC §2): availability and suggestions as the user types, a signed registration. */
export function RegisterAccountName() {
  const names = useFeature(nameFeature)
  const t = useT()
  const describe = useDescribeError()
  const flow = useAtomValue(nameFlowAtom)
  const [text, setText] = useState('')
  const [suggestions, setSuggestions] = useState<{ label: string; list: NameSuggestion[] }>()
  const id = useId()
  const label = toNameLabel(text)
  useEffect(() => {
    if (!label) return
    let current = true
    const timer = setTimeout(() => {
      names.suggestions(label).then(
        (list) => current && setSuggestions({ label, list }),
        () => current && setSuggestions({ label, list: [] }),
      )
    }, SUGGEST_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [names, label])
  const shown = label && suggestions?.label === label ? suggestions.list : undefined
  const exact = shown?.[0]
  const busy = flow.step === 'signing' || flow.step === 'registering'
  const available = exact !== undefined && !exact.registered
  return (
    <ViewRoot name="RegisterAccountName">
      <label htmlFor={id} className="mk-visually-hidden">
        {t('account.name.label')}
      </label>
      <input
        id={id}
        className="mk-input"
        placeholder={t('account.name.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value.toLowerCase().replace(/[^a-z0-9-]/g, ''))}
        data-testid="account-name"
      />
      <p className="mk-hint" data-testid="account-name-status" aria-live="polite">
        {!text
          ? t('account.name.rules')
          : !label
            ? t('account.name.invalid')
            : !exact
              ? t('account.name.checking')
              : exact.registered
                ? t('account.name.taken', { name: exact.name })
                : t('account.name.available', { name: exact.name })}
      </p>
      {shown && shown.length > 1 ? (
        <ul className="mk-list" data-testid="account-name-suggestions">
          {shown.slice(1).map((s) => (
            <li key={s.name}>
              <button
                type="button"
                className="mk-button mk-button-secondary"
                onClick={() => setText(s.name.split('.')[0]!)}
              >
                {s.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {busy ? (
        <p className="mk-hint" data-testid="account-name-waiting">
          {flow.step === 'signing' ? t('account.name.signing') : t('account.name.registering')}
        </p>
      ) : null}
      {flow.step === 'error' ? (
        <p className="mk-error-title" role="alert" data-testid="account-name-error">
          {describe(flow.message)}
        </p>
      ) : null}
      <div className="mk-actions">
        <button
          type="button"
          className="mk-button"
          disabled={!available || busy || !label}
          onClick={() => label && void names.register(label)}
          data-testid="account-name-register"
        >
          {t('account.name.register')}
        </button>
      </div>
    </ViewRoot>
  )
}
