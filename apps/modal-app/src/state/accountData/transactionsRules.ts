import type { HistoryReply, HistoryTransaction } from '@modalkit/protocol'

/** SPEC §3/§4 transaction state, for one account on one network (`key`). */
export type TransactionsState = {
  key: string
  transactions: HistoryTransaction[]
  next: string | undefined
  loading: boolean
  empty: boolean
}

export const emptyTransactions = (key = ''): TransactionsState => ({
  key,
  transactions: [],
  next: undefined,
  loading: false,
  empty: false,
})

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
