import { useAtomValue } from 'jotai/react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { emailFlowAtom, hostOriginAtom, optionsAtom } from '../../state/atoms.ts'
import { OtpForm } from '../../ui/OtpForm.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { ResendMail, useResendWait } from './ResendMail.tsx'

/** E-mail login (lazy feature `email`, SPEC §4): device approval, the one-time code, recovery. */
export default function EmailLogin() {
  const actions = useViewActions()
  const t = useT()
  const describe = useDescribeError()
  const flow = useAtomValue(emailFlowAtom)
  const step = flow?.step ?? 'sending'
  const wait = useResendWait(flow?.sentAt)
  const resend = () => void actions.resendEmail()
  const waiting = step === 'device' || step === 'otp' || step === 'verifying'
  // With SIWX on, the typed code is also the consent to the site's sign-in (the secure frame signs it
  // at this login only): the user is told so before typing it.
  const siwx = useAtomValue(optionsAtom)?.siwx !== undefined
  const host = useAtomValue(hostOriginAtom)
  const site = host && URL.canParse(host) ? new URL(host).host : undefined

  return (
    <ViewRoot name="EmailLogin">
      <div className="mk-email-flow" data-step={step} data-testid="email-flow">
        {step === 'sending' ? (
          <>
            <div className="mk-spinner" aria-hidden="true" />
            <p className="mk-hint">{t('email.sending', { email: flow?.email ?? '' })}</p>
          </>
        ) : null}
        {step === 'device' ? (
          <>
            <div className="mk-spinner" aria-hidden="true" />
            <p className="mk-hint" data-testid="email-device">
              {t('email.device', { email: flow?.email ?? '' })}
            </p>
            <ResendMail left={wait.left} what="link" busy={false} onResend={resend} />
          </>
        ) : null}
        {step === 'otp' || step === 'verifying' ? (
          <OtpForm
            hint={t(flow?.resent ? 'email.codeResent' : 'email.codeHint', { email: flow?.email ?? '' })}
            label={t('email.codeLabel')}
            cta={step === 'verifying' ? t('email.verifying') : t('email.submit')}
            busy={step === 'verifying'}
            onSubmit={(otp) => void actions.submitOtp(otp)}
            testIdPrefix="otp"
          />
        ) : null}
        {(step === 'otp' || step === 'verifying') && siwx && site ? (
          <p className="mk-hint" data-testid="otp-signs-in">
            {t('email.alsoSignsIn', { site })}
          </p>
        ) : null}
        {step === 'recovery' ? (
          <>
            {/* The recovery text is typed into the secure frame's own screen, never here. */}
            <p className="mk-hint" data-testid="recovery-hint">
              {t('email.recoveryHint')}
            </p>
            {flow?.error ? (
              <button
                type="button"
                className="mk-button"
                data-testid="recovery-retry"
                onClick={() => void actions.submitRecovery()}
              >
                {t('email.restore')}
              </button>
            ) : null}
          </>
        ) : null}
        {flow?.error ? (
          <p className="mk-error" role="alert" data-testid="email-flow-error">
            {describe(flow.error)}
          </p>
        ) : null}
        {step === 'otp' || step === 'verifying' ? (
          <ResendMail left={wait.left} what="code" busy={step === 'verifying'} onResend={resend} />
        ) : null}
        {/* Mounted with the view, so what it is given later is announced (one born with words is not). */}
        <p className="mk-visually-hidden" aria-live="polite" data-testid="email-resend-status">
          {waiting && flow?.sentAt
            ? wait.left > 0
              ? t('email.resendLater', { seconds: wait.atStart })
              : t('email.resendReady')
            : ''}
        </p>
      </div>
    </ViewRoot>
  )
}
