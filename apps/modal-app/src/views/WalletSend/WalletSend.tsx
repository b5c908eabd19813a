import { AppKitError } from '@modalkit/protocol'
import { formatTokenAmount } from '@modalkit/shared'
import { useAtom } from 'jotai/react'
import { useId, useState } from 'react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { log } from '../../log.ts'
import { sendFeature } from '../../state/features.ts'
import { sendDraftAtom } from '../../state/send/sendDraft.ts'
import { useFeature, useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/**
 * Send (AppKit's WalletSend): a token the account holds, the amount (with Max) and the
 * recipient. "Review" checks all three before the preview; a refusal shows its typed error here.
 */
export default function WalletSend() {
  const actions = useViewActions()
  const send = useFeature(sendFeature)
  const t = useT()
  const describe = useDescribeError()
  const [draft, setDraft] = useAtom(sendDraftAtom)
  // The refusal itself, worded at render: a typed error in the current locale, else our own words.
  const [error, setError] = useState<AppKitError | 'failed' | undefined>()
  const [busy, setBusy] = useState(false)
  const id = useId()
  const { token } = draft
  const edit = (patch: Partial<typeof draft>) => {
    setError(undefined)
    setDraft((d) => ({ ...d, ...patch }))
  }
  const review = () => {
    setBusy(true)
    send
      .review()
      .catch((e: unknown) => {
        if (!(e instanceof AppKitError)) log.error('could not prepare the send', e)
        setError(e instanceof AppKitError ? e : 'failed')
      })
      .finally(() => setBusy(false))
  }
  return (
    <ViewRoot name="WalletSend">
      <button
        type="button"
        className="mk-row"
        onClick={() => actions.push('WalletSendSelectToken')}
        data-testid="send-token"
      >
        <span className="mk-row-label">{token ? token.symbol : t('send.selectToken')}</span>
        {token ? (
          <span className="mk-row-sub" data-testid="send-token-balance">
            {t('send.available', { amount: formatTokenAmount(token.quantity.numeric) })}
          </span>
        ) : null}
      </button>
      <label className="mk-field" htmlFor={`${id}-amount`}>
        <span>{t('send.amount')}</span>
        <input
          id={`${id}-amount`}
          className="mk-input"
          inputMode="decimal"
          placeholder="0"
          autoComplete="off"
          value={draft.amount}
          onChange={(e) => edit({ amount: e.target.value })}
          data-testid="send-amount"
        />
      </label>
      <button
        type="button"
        className="mk-button mk-button-small mk-button-secondary"
        disabled={!token}
        onClick={() => token && edit({ amount: token.quantity.numeric })}
        data-testid="send-max"
      >
        {t('send.max')}
      </button>
      <label className="mk-field" htmlFor={`${id}-recipient`}>
        <span>{t('send.to')}</span>
        <input
          id={`${id}-recipient`}
          className="mk-input"
          placeholder={t('send.recipientPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          value={draft.recipient}
          onChange={(e) => edit({ recipient: e.target.value })}
          data-testid="send-recipient"
        />
      </label>
      {error ? (
        <p className="mk-error" role="alert" data-testid="send-error">
          {error === 'failed' ? t('send.prepareFailed') : describe(error)}
        </p>
      ) : null}
      <button
        type="button"
        className="mk-button"
        disabled={!token || !draft.amount || !draft.recipient || busy}
        onClick={review}
        data-testid="send-review"
      >
        {t('send.review')}
      </button>
    </ViewRoot>
  )
}
