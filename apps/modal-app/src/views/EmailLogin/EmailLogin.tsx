import { useAtomValue } from 'jotai/react'
import { type FormEvent, useId, useState } from 'react'
import { emailFlowAtom } from '../../state/atoms.ts'
import { OtpForm } from '../../ui/OtpForm.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** E-mail login (lazy feature `email`, SPEC §4): device approval, the one-time code, recovery. */
export default function EmailLogin() {
  const actions = useViewActions()
  const flow = useAtomValue(emailFlowAtom)
  const [recovery, setRecovery] = useState('')
  const id = useId()
  const step = flow?.step ?? 'sending'

  const submitRecovery = (event: FormEvent) => {
    event.preventDefault()
    if (recovery.trim()) void actions.submitRecovery(recovery.trim())
  }

  return (
    <ViewRoot name="EmailLogin">
      <div className="mk-email-flow" data-step={step} data-testid="email-flow">
        {step === 'sending' ? (
          <>
            <div className="mk-spinner" aria-hidden="true" />
            <p className="mk-hint">Sending a message to {flow?.email}…</p>
          </>
        ) : null}
        {step === 'device' ? (
          <>
            <div className="mk-spinner" aria-hidden="true" />
            <p className="mk-hint" data-testid="email-device">
              Approve this device: open the link we sent to {flow?.email}. This window continues by itself.
            </p>
          </>
        ) : null}
        {step === 'otp' || step === 'verifying' ? (
          <OtpForm
            hint={`Enter the code we sent to ${flow?.email}`}
            label="One-time code"
            cta={step === 'verifying' ? 'Verifying…' : 'Continue'}
            busy={step === 'verifying'}
            onSubmit={(otp) => void actions.submitOtp(otp)}
            testIdPrefix="otp"
          />
        ) : null}
        {step === 'recovery' ? (
          <form onSubmit={submitRecovery} className="mk-otp-form">
            <p className="mk-hint">
              This device has no key share yet. Paste the recovery text you saved when you created the wallet.
            </p>
            <label htmlFor={`${id}-recovery`} className="mk-visually-hidden">
              Recovery text
            </label>
            <textarea
              id={`${id}-recovery`}
              className="mk-input"
              rows={3}
              value={recovery}
              onChange={(e) => setRecovery(e.target.value)}
              data-testid="recovery-input"
            />
            <button type="submit" className="mk-button" data-testid="recovery-submit">
              Restore wallet
            </button>
          </form>
        ) : null}
        {flow?.error ? (
          <p className="mk-error" role="alert" data-testid="email-flow-error">
            {flow.error}
          </p>
        ) : null}
      </div>
    </ViewRoot>
  )
}
