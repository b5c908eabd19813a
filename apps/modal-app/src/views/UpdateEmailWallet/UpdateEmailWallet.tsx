import { useAtomValue, useSetAtom } from 'jotai/react'
import { useEffect } from 'react'
import { emailUpdateAtom } from '../../state/atoms.ts'
import { EmailField } from '../../ui/EmailField.tsx'
import { OtpForm } from '../../ui/OtpForm.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** Change the embedded wallet's e-mail (lazy feature `email`, SPEC §4): a code to each address. */
export default function UpdateEmailWallet() {
  const actions = useViewActions()
  const update = useAtomValue(emailUpdateAtom)
  const reset = useSetAtom(emailUpdateAtom)
  useEffect(() => () => reset(undefined), [reset])
  const step = update?.step
  const current = actions.embeddedEmail()

  return (
    <ViewRoot name="UpdateEmailWallet">
      {!update || step === 'error' ? (
        <>
          {current ? <p className="mk-hint">Your wallet's e-mail is {current}</p> : null}
          <EmailField label="New email" cta="Save" onSubmit={(email) => actions.updateEmail(email)} />
        </>
      ) : null}
      {step === 'sending' ? <div className="mk-spinner" aria-hidden="true" /> : null}
      {step === 'primary' || step === 'secondary' || step === 'verifying' ? (
        <OtpForm
          hint={
            step === 'primary'
              ? `Enter the code we sent to ${current ?? 'your current e-mail'}`
              : step === 'secondary'
                ? `Enter the code we sent to ${update?.newEmail}`
                : 'Checking the code…'
          }
          label="Confirmation code"
          cta="Confirm"
          busy={step === 'verifying'}
          onSubmit={(otp) => void actions.submitUpdateOtp(otp)}
          resetKey={step === 'secondary' ? 'secondary' : 'primary'}
          testIdPrefix="update-otp"
        />
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
