import { type FormEvent, useId, useState } from 'react'
import { MailIcon } from './icons.tsx'
import { isEmail } from './isEmail.ts'

/** An e-mail input with format validation; `onSubmit` gets a valid address only. */
export function EmailField({
  onSubmit,
  label = 'Email',
  cta = 'Continue',
}: {
  onSubmit: (email: string) => void
  label?: string
  cta?: string
}) {
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const id = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isEmail(email.trim())) {
      setError('Enter a valid email address')
      return
    }
    setError(undefined)
    onSubmit(email.trim())
  }
  return (
    <form className="mk-email" onSubmit={submit} noValidate>
      <label htmlFor={id} className="mk-visually-hidden">
        {label}
      </label>
      <div className="mk-input-wrap" data-invalid={error ? '' : undefined}>
        <MailIcon />
        <input
          id={id}
          className="mk-input"
          type="email"
          autoComplete="email"
          placeholder="Email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid="email-input"
        />
        <button type="submit" className="mk-button mk-button-small" data-testid="email-submit">
          {cta}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mk-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  )
}
