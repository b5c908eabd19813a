import type { HistoryTransaction } from '@modalkit/protocol'

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
