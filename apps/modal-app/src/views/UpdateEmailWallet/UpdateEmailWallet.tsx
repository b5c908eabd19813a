import { useAtomValue, useSetAtom } from 'jotai/react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { emailUpdateAtom } from '../../state/atoms.ts'
import { useController } from '../../ui/ControllerContext.ts'
import { EmailField } from '../../ui/EmailField.tsx'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** Change the embedded wallet's e-mail (lazy feature `email`, SPEC §4): a code to each address. */
export default function UpdateEmailWallet() {
  const controller = useController()
  const update = useAtomValue(emailUpdateAtom)
  const reset = useSetAtom(emailUpdateAtom)
  const [otp, setOtp] = useState('')
  const id = useId()
  useEffect(() => () => reset(undefined), [reset])
  useEffect(() => {
    if (update?.step === 'secondary') setOtp('')
  }, [update?.step])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (otp.length === 6) void controller.submitUpdateOtp(otp)
  }
  const step = update?.step
  const current = controller.embeddedEmail()

  return (
    <ViewRoot name="UpdateEmailWallet">
      {!update || step === 'error' ? (
        <>
          {current ? <p className="mk-hint">Your wallet's e-mail is {current}</p> : null}
          <EmailField label="New email" cta="Save" onSubmit={(email) => controller.updateEmail(email)} />
        </>
      ) : null}
      {step === 'sending' ? <div className="mk-spinner" aria-hidden="true" /> : null}
      {step === 'primary' || step === 'secondary' || step === 'verifying' ? (
        <form onSubmit={submit} className="mk-otp-form">
          <p className="mk-hint" data-testid="update-email-step">
            {step === 'primary'
              ? `Enter the code we sent to ${current ?? 'your current e-mail'}`
              : step === 'secondary'
                ? `Enter the code we sent to ${update?.newEmail}`
                : 'Checking the code…'}
          </p>
          <label htmlFor={id} className="mk-visually-hidden">
            Confirmation code
          </label>
          <input
            id={id}
            className="mk-input mk-otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={otp}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
            disabled={step === 'verifying'}
            data-testid="update-otp-input"
          />
          <button
            type="submit"
            className="mk-button"
            disabled={otp.length !== 6 || step === 'verifying'}
            data-testid="update-otp-submit"
          >
            Confirm
          </button>
        </form>
      ) : null}
      {step === 'done' ? (
        <p className="mk-hint" role="status" data-testid="update-email-done">
          Your wallet's e-mail is now {update?.newEmail}
        </p>
      ) : null}
      {update?.error ? (
        <p className="mk-error" role="alert" data-testid="update-email-error">
          {update.error}
        </p>
      ) : null}
    </ViewRoot>
  )
}
