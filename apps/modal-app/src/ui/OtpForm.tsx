import { type FormEvent, useEffect, useId, useState } from 'react'

export type OtpFormProps = {
  /** What the code is for ("Enter the code we sent to …"). */
  hint: string
  label: string
  cta: string
  busy: boolean
  onSubmit(otp: string): void
  /** A new value clears the typed code (the next code of a two-step flow). */
  resetKey?: string
  testIdPrefix: 'otp' | 'update-otp'
}

/** A six-digit one-time code: digits only, submitted when complete (SPEC §5: the OTP is a string). */
export function OtpForm({ hint, label, cta, busy, onSubmit, resetKey, testIdPrefix }: OtpFormProps) {
  const [otp, setOtp] = useState('')
  const id = useId()
  // biome-ignore lint/correctness/useExhaustiveDependencies: clearing is what a new key asks for
  useEffect(() => setOtp(''), [resetKey])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (otp.length === 6) onSubmit(otp)
  }
  return (
    <form onSubmit={submit} className="mk-otp-form">
      <p className="mk-hint" data-testid={`${testIdPrefix}-hint`}>
        {hint}
      </p>
      <label htmlFor={id} className="mk-visually-hidden">
        {label}
      </label>
      <input
        id={id}
        className="mk-input mk-otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
        disabled={busy}
        data-testid={`${testIdPrefix}-input`}
      />
      <button
        type="submit"
        className="mk-button"
        disabled={otp.length !== 6 || busy}
        data-testid={`${testIdPrefix}-submit`}
      >
        {cta}
      </button>
    </form>
  )
}
