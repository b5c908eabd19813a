import { AppKitError, FarcasterConnectFailedError } from '@modalkit/protocol'
import { useCallback, useEffect, useState } from 'react'
import type { FarcasterLink } from '../../connectors/embedded/connectFarcaster.ts'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'
import { QrCode } from '../ConnectingWalletConnect/QrCode.tsx'

type Attempt = { link?: FarcasterLink; error?: AppKitError }

const remaining = (expiresAt: number, now: number) => {
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/**
 * SPEC §2 ConnectingFarcaster: the secure frame's relay channel as a QR code and a deep
 * link into the user's Farcaster client, with the time left; the frame polls, verifies the signed
 * message and logs in, and the modal closes. A failure shows 'Failed to connect to farcaster' and
 * a retry, which opens a new channel.
 */
export function ConnectingFarcaster() {
  const actions = useViewActions()
  const t = useT()
  const describe = useDescribeError()
  const [attempt, setAttempt] = useState<Attempt>({})
  const [now, setNow] = useState(() => Date.now())

  const start = useCallback(() => {
    let live = true
    setAttempt({})
    actions
      .connectFarcaster((link) => {
        if (live) setAttempt({ link })
      })
      .catch((error: unknown) => {
        const shown = error instanceof AppKitError ? error : new FarcasterConnectFailedError()
        if (live) setAttempt({ error: shown })
      })
    return () => {
      live = false
    }
  }, [actions])

  useEffect(() => start(), [start])
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  const { link, error } = attempt
  return (
    <ViewRoot name="ConnectingFarcaster">
      <div className="mk-qr-panel">
        {error ? (
          <>
            <p className="mk-error-title" role="alert" data-testid="connect-error">
              {describe(error)}
            </p>
            <button
              type="button"
              className="mk-button mk-button-secondary"
              onClick={() => start()}
              data-testid="connect-retry"
            >
              {t('connecting.tryAgain')}
            </button>
          </>
        ) : (
          <>
            <figure
              className="mk-qr"
              data-testid="farcaster-qr"
              data-url={link?.url}
              aria-label={link ? t('farcaster.qr') : t('farcaster.preparing')}
            >
              {link ? <QrCode value={link.url} /> : null}
            </figure>
            <p className="mk-hint">{t('farcaster.scan')}</p>
            {link ? (
              <>
                <a className="mk-button" href={link.url} rel="noreferrer" data-testid="farcaster-open">
                  {t('farcaster.open')}
                </a>
                <p className="mk-hint" data-testid="farcaster-expiry" aria-live="off">
                  {link.expiresAt > now
                    ? t('farcaster.expiresIn', { time: remaining(link.expiresAt, now) })
                    : t('farcaster.expired')}
                </p>
              </>
            ) : null}
          </>
        )}
      </div>
    </ViewRoot>
  )
}
