import { truncateAddress } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { useDescribeError } from '../../i18n/flows/useDescribeError.ts'
import { useT } from '../../i18n/useT.ts'
import { accountsAtom, networksAtom } from '../../state/atoms.ts'
import { paymentAtom } from '../../state/pay/createPayActions.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/**
 * Pay (AppKit Pay): the site's fixed amount of one asset, to one recipient, on one
 * network; the button connects first when no wallet is, then the wallet approves the transfer.
 */
export default function Pay() {
  const actions = useViewActions()
  const t = useT()
  const describe = useDescribeError()
  const payment = useAtomValue(paymentAtom)
  const networks = useAtomValue(networksAtom)
  const accounts = useAtomValue(accountsAtom)
  if (!payment) {
    return (
      <ViewRoot name="Pay">
        <p className="mk-empty">{t('pay.none')}</p>
      </ViewRoot>
    )
  }
  const { recipient, paymentAsset } = payment.options
  const network = networks.find((n) => n.caipNetworkId === paymentAsset.network)
  const family = paymentAsset.network.split(':')[0]
  const connected = accounts.some((a) => a.namespace === family && a.status === 'connected')
  return (
    <ViewRoot name="Pay">
      <p className="mk-balance" data-testid="pay-amount">
        {payment.amount} {paymentAsset.metadata.symbol}
      </p>
      <p className="mk-address" title={recipient} data-testid="pay-recipient">
        {t('pay.recipient', { address: truncateAddress(recipient) })}
      </p>
      <p className="mk-row-sub" data-testid="pay-network">
        {network?.name ?? paymentAsset.network}
      </p>
      {payment.error ? (
        <p className="mk-error" role="alert" data-testid="pay-error">
          {describe(payment.error)}
        </p>
      ) : null}
      <button
        type="button"
        className="mk-button"
        disabled={payment.status === 'paying'}
        aria-busy={payment.status === 'paying'}
        onClick={() => void actions.pay.pay()}
        data-testid="pay-submit"
      >
        {payment.status === 'paying'
          ? t('pay.approveInWallet')
          : connected
            ? t('pay.submit', { amount: payment.amount, symbol: paymentAsset.metadata.symbol })
            : t('pay.connectFirst')}
      </button>
      <button
        type="button"
        className="mk-button mk-button-secondary"
        onClick={() => actions.close()}
        data-testid="pay-cancel"
      >
        {t('pay.cancel')}
      </button>
    </ViewRoot>
  )
}
