import { AppKitError, SomethingWentWrongError } from '@modalkit/protocol'
import { type FormEvent, useId, useState } from 'react'
import { useDescribeError } from '../i18n/flows/useDescribeError.ts'
import { useT } from '../i18n/useT.ts'
import { MailIcon } from './icons.tsx'
import { isEmail } from './isEmail.ts'

/** An e-mail input with format validation; `onSubmit` gets a valid address only. */
export function EmailField({
  onSubmit,
  label,
  cta,
}: {
  /** Gets a valid address only; a rejection's short message shows under the field. */
  onSubmit: (email: string) => void | Promise<void>
  label?: string
  cta?: string
}) {
  const t = useT()
  const describe = useDescribeError()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isEmail(email.trim())) {
      setError(t('email.invalid'))
      return
    }
    setError(undefined)
    Promise.resolve()
      .then(() => onSubmit(email.trim()))
      .catch((reason: unknown) =>
        setError(
          describe(
            reason instanceof AppKitError
              ? reason
              : reason instanceof Error && 'shortMessage' in reason
                ? String(reason.shortMessage)
                : new SomethingWentWrongError(),
          ),
        ),
      )
  }
  return (
    <form className="mk-email" onSubmit={submit} noValidate>
      <label htmlFor={id} className="mk-visually-hidden">
        {label ?? t('email.label')}
      </label>
      <div className="mk-input-wrap" data-invalid={error ? '' : undefined}>
        <MailIcon />
        <input
          id={id}
          className="mk-input"
          type="email"
          autoComplete="email"
          placeholder={t('email.label')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="email-input"
        />
        <button type="submit" className="mk-button mk-button-small" data-testid="email-submit">
          {cta ?? t('email.submit')}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mk-error" role="alert" data-testid="email-error">
          {error}
        </p>
      ) : null}
    </form>
  )
}
