import { useAtomValue } from 'jotai/react'
import { useT } from '../../i18n/useT.ts'
import { onrampPurchaseAtom } from '../../state/onramp/onrampAtoms.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { ViewRoot } from '../../ui/ViewRoot.tsx'

/** BuyInProgress (lazy feature `onramp`): waits for the purchase to arrive, then shows the amount. */
export default function BuyInProgress() {
  const actions = useViewActions()
  const t = useT()
  const purchase = useAtomValue(onrampPurchaseAtom)
  return (
    <ViewRoot name="BuyInProgress">
      {purchase?.status === 'arrived' ? (
        <p className="mk-hint" role="status" data-testid="onramp-arrived" data-amount={purchase.arrived}>
          {t('buy.received', { amount: purchase.arrived ?? '', asset: purchase.asset })}
        </p>
      ) : (
        <p className="mk-hint" role="status" aria-busy="true" data-testid="onramp-waiting">
          {purchase?.expected
            ? t('buy.waiting', { amount: purchase.expected, asset: purchase.asset })
            : t('buy.waitingAsset', { asset: purchase?.asset ?? '' })}
        </p>
      )}
      <button
        type="button"
        className="mk-button mk-button-secondary"
        onClick={() => actions.back()}
        data-testid="onramp-done"
      >
        {purchase?.status === 'arrived' ? t('buy.done') : t('buy.back')}
      </button>
    </ViewRoot>
  )
}
