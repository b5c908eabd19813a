import { type HistoryReply, ServerError, type TokenBalance } from '@modalkit/protocol'
import { getNetwork } from '@modalkit/shared'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../../api/createApiClient.ts'
import { accountsAtom, activeChainAtom, createStore, networksAtom, selectedNetworkIdAtom } from '../atoms.ts'
import { tokensAtom, tokensStaleAtom, transactionsAtom } from './accountDataAtoms.ts'
import { createAccountDataActions } from './createAccountDataActions.ts'

// Unit tests of the Account view's read rules: the API client is a recording stand-in here. The real
// HTTP path (the API's indexer over anvil) runs in apps/api's accountData.test.ts and e2e/account.spec.ts.
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const usd: TokenBalance = {
  name: 'Local USD',
  symbol: 'LUSD',
  chainId: 'eip155:31337',
  value: 1,
  price: 1,
  quantity: { decimals: '6', numeric: '1' },
}

function setup(api: Partial<Pick<ApiClient, 'getBalances' | 'getHistory' | 'getSupportedChains'>> = {}) {
  const store = createStore()
  const network = getNetwork('eip155:31337')
  if (!network) throw new Error('no local network')
  store.set(networksAtom, [network])
  store.set(activeChainAtom, 'eip155')
  store.set(selectedNetworkIdAtom, 'eip155:31337')
  store.set(accountsAtom, [
    { namespace: 'eip155', status: 'connected', address: ADDRESS, caipAddress: `eip155:31337:${ADDRESS}` },
  ])
  const toasts: string[] = []
  const calls: { forceUpdate?: boolean; cursor?: string }[] = []
  const actions = createAccountDataActions({
    store,
    projectId: 'p',
    notices: { showToast: (_variant, message) => toasts.push(message) },
    api: {
      getSupportedChains: api.getSupportedChains ?? (async () => ['eip155:31337']),
      getBalances:
        api.getBalances ??
        (async (_p, query) => {
          calls.push({ ...(query.forceUpdate ? { forceUpdate: true } : {}) })
          return [usd]
        }),
      getNfts: async () => [],
      getHistory:
        api.getHistory ??
        (async (_p, query): Promise<HistoryReply> => {
          calls.push({ ...(query.cursor ? { cursor: query.cursor } : {}) })
          return { data: [], next: null }
        }),
    },
  })
  return { store, actions, toasts, calls }
}

describe('balances', () => {
  it('reads past the cache once after the user made a transaction', async () => {
    const { store, actions, calls } = setup()
    await actions.loadTokens()
    store.set(tokensStaleAtom, true)
    await actions.loadTokens()
    await actions.loadTokens()
    expect(calls).toEqual([{}, { forceUpdate: true }, {}])
    expect(store.get(tokensAtom)).toEqual({ key: `eip155:31337|${ADDRESS}`, status: 'ready', data: [usd] })
  })

  it("shows 'Token Balance Unavailable' and an empty list when the read fails", async () => {
    const { store, actions, toasts } = setup({
      getBalances: async () => {
        throw new ServerError('balance: HTTP 500')
      },
    })
    await actions.loadTokens()
    expect(toasts).toEqual(['Token Balance Unavailable'])
    expect(store.get(tokensAtom)).toMatchObject({ status: 'error', data: [] })
  })

  it('skips the data API on a network it does not serve (SPEC §7)', async () => {
    const { store, actions, calls, toasts } = setup({ getSupportedChains: async () => ['eip155:1'] })
    await actions.loadTokens()
    await actions.loadTransactions()
    expect(calls).toEqual([])
    expect(toasts).toEqual([])
    expect(store.get(tokensAtom)).toMatchObject({ status: 'ready', data: [] })
    expect(store.get(transactionsAtom)).toMatchObject({ empty: true, next: undefined })
  })
})

it("shows 'Failed to fetch transactions', empties the list and clears the cursor when history fails", async () => {
  let fail = false
  const { store, actions, toasts } = setup({
    getHistory: async () => {
      if (fail) throw new ServerError('history: HTTP 500')
      return { data: [], next: '12-0' }
    },
  })
  await actions.loadTransactions()
  expect(store.get(transactionsAtom).next).toBe('12-0')
  fail = true
  await actions.loadTransactions(true)
  expect(toasts).toEqual(['Failed to fetch transactions'])
  expect(store.get(transactionsAtom)).toMatchObject({
    transactions: [],
    next: undefined,
    empty: true,
    loading: false,
  })
})
