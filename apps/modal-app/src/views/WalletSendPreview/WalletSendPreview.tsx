import { truncateAddress } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { sendFeature } from '../../state/features.ts'
import { sendPreviewAtom } from '../../state/send/createSendActions.ts'
import { useFeature, useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** Send's review (AppKit's WalletSendPreview): what goes where, the estimated fee, then the wallet. */
export default function WalletSendPreview() {
  const actions = useViewActions()
  const send = useFeature(sendFeature)
  const t = useT()
  const describe = useDescribeError()
  const preview = useAtomValue(sendPreviewAtom)
  if (!preview) return <ViewRoot name="WalletSendPreview">{null}</ViewRoot>
  const { fee } = preview
  return (
    <ViewRoot name="WalletSendPreview">
      <p className="mk-balance" data-testid="send-preview-amount">
        {preview.amount} {preview.symbol}
      </p>
      <p className="mk-address" title={preview.recipient} data-testid="send-preview-recipient">
        {t('send.previewRecipient', { address: truncateAddress(preview.recipient) })}
      </p>
      <p className="mk-row-sub">{preview.network.name}</p>
      <p className="mk-row-sub" data-testid="send-preview-fee" data-status={fee.status}>
        {fee.status === 'estimating'
          ? t('send.feeEstimating')
          : fee.status === 'ready'
            ? t('send.fee', { fee: fee.text })
            : describe(fee.message)}
      </p>
      <button
        type="button"
        className="mk-button"
        disabled={fee.status !== 'ready' || preview.sending}
        aria-busy={preview.sending}
        onClick={() => void send.send()}
        data-testid="send-submit"
      >
        {preview.sending ? t('send.approveInWallet') : t('send.submit')}
      </button>
      <button type="button" className="mk-button mk-button-secondary" onClick={() => actions.back()}>
        {t('send.cancel')}
      </button>
    </ViewRoot>
  )
}
