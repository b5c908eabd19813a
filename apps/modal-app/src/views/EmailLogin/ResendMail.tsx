import { EMAIL_LOGIN_COOLDOWN_MS } from '@modalkit/shared'
import { useEffect, useMemo, useState } from 'react'
import { useT } from '../../i18n/useT.ts'

export type ResendMailProps = {
  /** When the last mail was asked for (epoch ms). */
  sentAt: number
  /** A code (the code step) or a device link (the device step). */
  what: 'code' | 'link'
  busy: boolean
  onResend(): void
}

const secondsLeft = (sentAt: number, now: number) =>
  Math.max(0, Math.ceil((sentAt + EMAIL_LOGIN_COOLDOWN_MS - now) / 1000))

/**
 * "Resend code" (or link), usable 30 s after the last mail as the cooldown allows (SPEC §5). The
 * countdown is drawn beside the button; a polite live region says when a new one can be asked for,
 * once at the start and once when it can (issue 13: timers are announced, not only drawn), so a
 * screen reader does not hear every second.
 */
export function ResendMail({ sentAt, what, busy, onResend }: ResendMailProps) {
  const t = useT()
  const [now, setNow] = useState(() => Date.now())
  // A mail sent after the last tick counts from its own time (the clock state is a tick behind).
  const left = secondsLeft(sentAt, Math.max(now, sentAt))
  // The wait as it was when this mail was sent, announced once (not re-read at every tick).
  const waitAtStart = useMemo(() => secondsLeft(sentAt, Date.now()), [sentAt])
  useEffect(() => {
    if (left === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [left])
  return (
    <div className="mk-resend">
      <button
        type="button"
        className="mk-button mk-button-secondary"
        disabled={left > 0 || busy}
        onClick={onResend}
        data-testid="email-resend"
      >
        {what === 'code' ? t('email.resend') : t('email.resendLink')}
        {left > 0 ? (
          <span aria-hidden="true" data-testid="email-resend-wait">
            {' '}
            ({t('email.resendWait', { seconds: left })})
          </span>
        ) : null}
      </button>
      <p className="mk-visually-hidden" aria-live="polite" data-testid="email-resend-status">
        {left > 0 ? t('email.resendLater', { seconds: waitAtStart }) : t('email.resendReady')}
      </p>
    </div>
  )
}
