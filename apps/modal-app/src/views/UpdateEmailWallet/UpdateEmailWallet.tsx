import { useAtomValue, useSetAtom } from 'jotai/react'
import { useEffect } from 'react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { emailUpdateAtom } from '../../state/atoms.ts'
import { EmailField } from '../../ui/EmailField.tsx'
import { OtpForm } from '../../ui/OtpForm.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** Change the embedded wallet's e-mail (lazy feature `email`, SPEC §4): a code to each address. */
export default function UpdateEmailWallet() {
  const actions = useViewActions()
  const t = useT()
  const describe = useDescribeError()
  const update = useAtomValue(emailUpdateAtom)
  const reset = useSetAtom(emailUpdateAtom)
  useEffect(() => () => reset(undefined), [reset])
  const step = update?.step
  const current = actions.embeddedEmail()

  return (
    <ViewRoot name="UpdateEmailWallet">
      {!update || step === 'error' ? (
        <>
          {current ? <p className="mk-hint">{t('account.email.current', { email: current })}</p> : null}
          <EmailField
            label={t('account.email.newLabel')}
            cta={t('account.email.save')}
            onSubmit={(email) => actions.updateEmail(email)}
          />
        </>
      ) : null}
      {step === 'sending' ? <div className="mk-spinner" aria-hidden="true" /> : null}
      {step === 'primary' || step === 'secondary' || step === 'verifying' ? (
        <OtpForm
          hint={
            step === 'primary'
              ? current
                ? t('account.email.codeSentTo', { email: current })
                : t('account.email.codeSentToCurrent')
              : step === 'secondary'
                ? t('account.email.codeSentTo', { email: update?.newEmail ?? '' })
                : t('account.email.checking')
          }
          label={t('account.email.codeLabel')}
          cta={t('account.email.confirm')}
          busy={step === 'verifying'}
          onSubmit={(otp) => void actions.submitUpdateOtp(otp)}
          resetKey={step === 'secondary' ? 'secondary' : 'primary'}
          testIdPrefix="update-otp"
        />
      ) : null}
      {step === 'done' ? (
        <p className="mk-hint" role="status" data-testid="update-email-done">
          {t('account.email.done', { email: update?.newEmail ?? '' })}
        </p>
      ) : null}
      {update?.error ? (
        <p className="mk-error" role="alert" data-testid="update-email-error">
          {describe(update.error)}
        </p>
      ) : null}
    </ViewRoot>
  )
}
