import type { HistoryTransaction } from '@modalkit/protocol'
import { formatQuantity, formatRelativeDate, txDescriptionSign } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { useEffect } from 'react'
import { transactionsAtom } from '../../state/accountData/accountDataAtoms.ts'
import { groupByYearAndMonth } from '../../state/accountData/transactionsRules.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const TITLES: Record<string, string> = {
  send: 'Sent',
  receive: 'Received',
  trade: 'Swapped',
  approve: 'Approved',
  mint: 'Minted',
  burn: 'Burned',
  execute: 'Executed',
}

/** What a transaction moved, with SPEC §9's sign and 3-decimal quantities. */
function describe(tx: HistoryTransaction): string {
  const sign = txDescriptionSign(tx.metadata.operationType)
  const parts = tx.transfers.map((t) => {
    if (t.nft_info) return t.nft_info.name
    return `${formatQuantity(t.quantity.numeric)} ${t.fungible_info?.symbol ?? ''}`.trim()
  })
  return parts.length > 0 ? `${sign}${parts.join(', ')}` : tx.metadata.sentTo
}

/** The Activity tab (lazy feature `activity`): transactions grouped by year and month, paged by cursor. */
export default function ActivityTab() {
  const actions = useViewActions()
  const state = useAtomValue(transactionsAtom)
  useEffect(() => {
    void actions.accountData.loadTransactions()
  }, [actions])
  if (state.loading && state.transactions.length === 0) {
    return (
      <p className="mk-empty" data-testid="activity-loading">
        Loading activity…
      </p>
    )
  }
  if (state.empty || state.transactions.length === 0) return <p className="mk-empty">No activity yet</p>
  const now = Date.now()
  return (
    <div data-testid="activity-list">
      {groupByYearAndMonth(state.transactions).map(({ year, months }) =>
        months.map(({ month, transactions }) => (
          <section key={`${year}-${month}`} className="mk-activity-group">
            <h3 className="mk-activity-month">{`${MONTHS[month]} ${year}`}</h3>
            <ul className="mk-list">
              {transactions.map((tx) => (
                <li key={tx.id} className="mk-row" data-testid="activity-item" data-hash={tx.metadata.hash}>
                  <span className="mk-row-main">
                    <span className="mk-row-title">
                      {TITLES[tx.metadata.operationType] ?? tx.metadata.operationType}
                      {tx.metadata.status === 'failed' ? ' (failed)' : ''}
                    </span>
                    <span className="mk-row-sub" data-testid="activity-description">
                      {describe(tx)}
                    </span>
                  </span>
                  <span className="mk-row-end">
                    {formatRelativeDate(Date.parse(tx.metadata.minedAt), now)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )),
      )}
      {state.next ? (
        <button
          type="button"
          className="mk-button mk-button-secondary"
          disabled={state.loading}
          onClick={() => void actions.accountData.loadTransactions(true)}
          data-testid="activity-more"
        >
          {state.loading ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  )
}
