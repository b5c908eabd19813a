import type { HistoryReply, HistoryTransaction } from '@modalkit/protocol'
import { emptyTransactions, type TransactionsState } from './transactionsState.ts'

// The rules are the views' (a lazy chunk); the empty state is the atoms', in the first chunk.
export { emptyTransactions, type TransactionsState }

/** A fetch starts: another account or network starts over; the same one keeps what it has (paging). */
export function startFetch(state: TransactionsState, key: string): TransactionsState {
  return { ...(state.key === key ? state : emptyTransactions(key)), loading: true }
}

/** A page arrived for `key` (ignored if the account or network changed meanwhile). */
export function receivePage(state: TransactionsState, key: string, page: HistoryReply): TransactionsState {
  if (state.key !== key) return state
  const transactions = [...state.transactions, ...page.data]
  return { key, transactions, next: page.next ?? undefined, loading: false, empty: transactions.length === 0 }
}

/** SPEC §4: a fetch failure sets empty and clears the cursor. */
export function failFetch(state: TransactionsState, key: string): TransactionsState {
  if (state.key !== key) return state
  return { key, transactions: [], next: undefined, loading: false, empty: true }
}

export type TransactionsByYear = {
  year: number
  months: { month: number; transactions: HistoryTransaction[] }[]
}[]

/** SPEC §3 transactionsByYear: year, then month (0-11, UTC), newest first, order kept within. */
export function groupByYearAndMonth(transactions: readonly HistoryTransaction[]): TransactionsByYear {
  const years: TransactionsByYear = []
  for (const tx of transactions) {
    const date = new Date(tx.metadata.minedAt)
    const year = date.getUTCFullYear()
    const month = date.getUTCMonth()
    let y = years.find((entry) => entry.year === year)
    if (!y) {
      y = { year, months: [] }
      years.push(y)
    }
    let m = y.months.find((entry) => entry.month === month)
    if (!m) {
      m = { month, transactions: [] }
      y.months.push(m)
    }
    m.transactions.push(tx)
  }
  return years
}
