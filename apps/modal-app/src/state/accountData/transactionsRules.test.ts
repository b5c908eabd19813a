import type { HistoryTransaction } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import {
  emptyTransactions,
  failFetch,
  groupByYearAndMonth,
  receivePage,
  startFetch,
} from './transactionsRules.ts'

const tx = (hash: string, minedAt: string): HistoryTransaction => ({
  id: hash,
  metadata: {
    operationType: 'receive',
    hash,
    minedAt,
    sentFrom: '0x1',
    sentTo: '0x2',
    status: 'confirmed',
    nonce: 0,
    chain: 'eip155:31337',
  },
  transfers: [],
})

describe('transaction state', () => {
  it('appends pages for the same account and network, keeping the cursor of the last', () => {
    let state = startFetch(emptyTransactions(), 'a')
    expect(state.loading).toBe(true)
    state = receivePage(state, 'a', { data: [tx('1', '2026-11-02T00:00:00Z')], next: '9-0' })
    state = receivePage(startFetch(state, 'a'), 'a', { data: [tx('2', '2026-10-02T00:00:00Z')], next: null })
    expect(state).toMatchObject({ next: undefined, loading: false, empty: false })
    expect(state.transactions.map((t) => t.id)).toEqual(['1', '2'])
  })

  it('starts over for another account or network, and ignores a late page of the old one', () => {
    const old = receivePage(startFetch(emptyTransactions(), 'a'), 'a', {
      data: [tx('1', '2026-11-02T00:00:00Z')],
      next: '9-0',
    })
    const fresh = startFetch(old, 'b')
    expect(fresh).toMatchObject({ key: 'b', transactions: [], next: undefined })
    expect(receivePage(fresh, 'a', { data: [tx('x', '2026-11-02T00:00:00Z')], next: null })).toBe(fresh)
  })

  it('sets empty and clears the cursor when a fetch fails (SPEC §4)', () => {
    const paged = receivePage(startFetch(emptyTransactions(), 'a'), 'a', {
      data: [tx('1', '2026-11-02T00:00:00Z')],
      next: '9-0',
    })
    expect(failFetch(startFetch(paged, 'a'), 'a')).toEqual({
      key: 'a',
      transactions: [],
      next: undefined,
      loading: false,
      empty: true,
    })
  })

  it('is empty when the first page has nothing', () => {
    expect(receivePage(startFetch(emptyTransactions(), 'a'), 'a', { data: [], next: null }).empty).toBe(true)
  })
})

it('groups by year, then month, newest first', () => {
  const groups = groupByYearAndMonth([
    tx('1', '2026-11-20T00:00:00Z'),
    tx('2', '2026-11-02T00:00:00Z'),
    tx('3', '2026-01-15T00:00:00Z'),
    tx('4', '2025-12-31T23:00:00Z'),
  ])
  expect(
    groups.map((y) => [y.year, y.months.map((m) => [m.month, m.transactions.map((t) => t.id)])]),
  ).toEqual([
    [
      2026,
      [
        [10, ['1', '2']],
        [0, ['3']],
      ],
    ],
    [2025, [[11, ['4']]]],
  ])
})
