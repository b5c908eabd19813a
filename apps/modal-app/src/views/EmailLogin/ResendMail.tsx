import { EMAIL_LOGIN_COOLDOWN_MS } from '@modalkit/shared'
import { useEffect, useMemo, useState } from 'react'
import { useT } from '../../i18n/useT.ts'

const secondsLeft = (sentAt: number, now: number) =>
  Math.max(0, Math.ceil((sentAt + EMAIL_LOGIN_COOLDOWN_MS - now) / 1000))

/**
 * The wait before a new mail may be asked for (SPEC §5: 30 s after the last one): `left` ticks each
 * second; `atStart` is the wait as it was when that mail was sent, what is announced (once).
 */
export function useResendWait(sentAt: number | undefined): { left: number; atStart: number } {
  const [now, setNow] = useState(() => Date.now())
  // A mail sent after the last tick counts from its own time (the clock state is a tick behind).
  const left = sentAt === undefined ? 0 : secondsLeft(sentAt, Math.max(now, sentAt))
  const atStart = useMemo(() => (sentAt === undefined ? 0 : secondsLeft(sentAt, Date.now())), [sentAt])
  useEffect(() => {
    if (left === 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [left])
  return { left, atStart }
}

export type ResendMailProps = {
  /** Seconds before it can be used (useResendWait). */
  left: number
  /** A code (the code step) or a device link (the device step). */
  what: 'code' | 'link'
  busy: boolean
  onResend(): void
}

/**
 * "Resend code" (or link): disabled while the wait runs, its seconds drawn beside its words and
 * hidden from screen readers, which hear the wait from EmailLogin's live region instead
 * (timers are announced, not only drawn), twice in all rather than every second.
 */
export function ResendMail({ left, what, busy, onResend }: ResendMailProps) {
  const t = useT()
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
    </div>
  )
}
