import type { HistoryTransaction } from '@modalkit/protocol'
import { formatQuantity, txDescriptionSign } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { useEffect, useMemo } from 'react'
import type { MessageKey } from '../../i18n/en.ts'
import { useT } from '../../i18n/useT.ts'
import { transactionsAtom } from '../../state/accountData/accountDataAtoms.ts'
import { groupByYearAndMonth } from '../../state/accountData/transactionsRules.ts'
import { localeAtom } from '../../state/atoms.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { formatAgo } from './formatAgo.ts'

const TITLES: Record<string, MessageKey> = {
  send: 'account.activity.send',
  receive: 'account.activity.receive',
  trade: 'account.activity.trade',
  approve: 'account.activity.approve',
  mint: 'account.activity.mint',
  burn: 'account.activity.burn',
  execute: 'account.activity.execute',
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
  const t = useT()
  const locale = useAtomValue(localeAtom)
  // Months are grouped in UTC (groupByYearAndMonth), so their headings are written in UTC too.
  const monthHeading = useMemo(
    () => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    [locale],
  )
  const state = useAtomValue(transactionsAtom)
  useEffect(() => {
    void actions.accountData.loadTransactions()
  }, [actions])
  if (state.loading && state.transactions.length === 0) {
    return (
      <p className="mk-empty" data-testid="activity-loading">
        {t('account.activity.loading')}
      </p>
    )
  }
  if (state.empty || state.transactions.length === 0)
    return <p className="mk-empty">{t('account.activity.empty')}</p>
  const now = Date.now()
  const title = (tx: HistoryTransaction) => {
    const key = TITLES[tx.metadata.operationType]
    const word = key ? t(key) : tx.metadata.operationType
    return tx.metadata.status === 'failed' ? t('account.activity.failed', { title: word }) : word
  }
  return (
    <div data-testid="activity-list">
      {groupByYearAndMonth(state.transactions).map(({ year, months }) =>
        months.map(({ month, transactions }) => (
          <section key={`${year}-${month}`} className="mk-activity-group">
            <h3 className="mk-activity-month">{monthHeading.format(Date.UTC(year, month))}</h3>
            <ul className="mk-list">
              {transactions.map((tx) => (
                <li key={tx.id} className="mk-row" data-testid="activity-item" data-hash={tx.metadata.hash}>
                  <span className="mk-row-main">
                    <span className="mk-row-title">{title(tx)}</span>
                    <span className="mk-row-sub" data-testid="activity-description">
                      {describe(tx)}
                    </span>
                  </span>
                  <span className="mk-row-end">{formatAgo(t, Date.parse(tx.metadata.minedAt), now)}</span>
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
          {state.loading ? t('account.loading') : t('account.activity.more')}
        </button>
      ) : null}
    </div>
  )
}
