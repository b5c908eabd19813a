import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getNetwork } from '@modalkit/shared'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../api/createApiClient.ts'
import { tokensAtom } from '../accountData/accountDataAtoms.ts'
import { accountsAtom, activeChainAtom, createStore, networksAtom, selectedNetworkIdAtom } from '../atoms.ts'
import { createOnrampActions } from './createOnrampActions.ts'
import { onrampAtom } from './onrampAtoms.ts'

const REPLY = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
  purchaseCurrencies: [],
}

// A real HTTP server stands in for the API's options route, answering what each test scripts.
async function serve(answer: (path: string) => { status: number; body: unknown }) {
  let hits = 0
  const server = createServer((req, res) => {
    hits++
    const { status, body } = answer(new URL(req.url ?? '/', 'http://api.test').pathname)
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const { port } = server.address() as AddressInfo
  const store = createStore()
  const api = createApiClient(`http://127.0.0.1:${port}`, '1.0.0')
  return {
    api,
    store,
    onramp: createOnrampActions({ store, api, projectId: 'p' }),
    hits: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

describe('the on-ramp options (SPEC §4, §7)', () => {
  it.each([
    ['a string', 'meld'],
    ['a list of strings with a number', ['meld', 7]],
    ['an object', { meld: true }],
    ['missing', undefined],
  ])('keeps the reply when the provider list is %s, the list empty', async (_, providers) => {
    const stand = await serve(() => ({ status: 200, body: { ...REPLY, providers } }))
    try {
      expect(await stand.api.getOnrampOptions('p')).toEqual({ ...REPLY, providers: [] })
      await stand.onramp.loadOptions()
      expect(stand.store.get(onrampAtom)).toMatchObject({
        status: 'idle',
        options: { ...REPLY, providers: [] },
      })
      expect(stand.store.get(onrampAtom).sample).toBeUndefined()
    } finally {
      await stand.close()
    }
  })

  it.each([
    [500, { error: { message: 'Server Error' } }],
    [200, { paymentCurrencies: 'USD' }],
  ])(
    'falls back to the built-in sample list (USD, EUR, SPEC §9 limits) on %s %j, and asks again next time',
    async (status, body) => {
      let failing = true
      const stand = await serve(() =>
        failing ? { status, body } : { status: 200, body: { ...REPLY, providers: [] } },
      )
      try {
        await stand.onramp.loadOptions()
        const state = stand.store.get(onrampAtom)
        expect(state.status).toBe('idle')
        expect(state.error).toBeUndefined()
        expect(state.sample).toBe(true)
        const limits = [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ]
        expect(state.options?.paymentCurrencies).toEqual([
          { id: 'USD', payment_method_limits: limits },
          { id: 'EUR', payment_method_limits: limits },
        ])
        expect(state.options?.providers).toEqual([])
        const usdc = state.options?.purchaseCurrencies.find((c) => c.symbol === 'USDC')
        expect(usdc?.networks.map((n) => n.chain_id)).toEqual(['eip155:1', 'eip155:137'])

        // A sample list is not kept: the next load asks the API again and takes its answer.
        stand.onramp.reset()
        failing = false
        await stand.onramp.loadOptions()
        expect(stand.hits()).toBe(2)
        expect(stand.store.get(onrampAtom)).toMatchObject({ options: { ...REPLY, providers: [] } })
        expect(stand.store.get(onrampAtom).sample).toBeUndefined()
      } finally {
        await stand.close()
      }
    },
  )
})

describe('the on-ramp quote (SPEC §7)', () => {
  const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const CHAIN = 'eip155:31337'
  const OPTIONS = {
    paymentCurrencies: ['USD', 'EUR'].map((id) => ({
      id,
      payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }],
    })),
    purchaseCurrencies: [],
    providers: [
      { name: 'localramp', label: 'Local Ramp', feeRange: '1-2%', paymentMethods: ['card'] },
      { name: 'meld', label: 'Meld', feeRange: '1-3%', paymentMethods: ['card'] },
    ],
  }
  const QUOTE = {
    quoteId: 'q_1',
    paymentTotal: { amount: '150.00', currency: 'USD' },
    paymentSubtotal: { amount: '148.40', currency: 'USD' },
    coinbaseFee: { amount: '1.50', currency: 'USD' },
    networkFee: { amount: '0.10', currency: 'USD' },
    purchaseAmount: { amount: '0.049466', currency: 'ETH' },
  }
  async function connected(quote: () => { status: number; body: unknown }) {
    const asked: string[] = []
    const stand = await serve((path) => {
      asked.push(path)
      return path === '/v1/onramp/options' ? { status: 200, body: OPTIONS } : quote()
    })
    const network = getNetwork(CHAIN)
    if (!network) throw new Error('no local network')
    stand.store.set(networksAtom, [network])
    stand.store.set(activeChainAtom, 'eip155')
    stand.store.set(selectedNetworkIdAtom, CHAIN)
    stand.store.set(accountsAtom, [
      { namespace: 'eip155', status: 'connected', address: ADDRESS, caipAddress: `${CHAIN}:${ADDRESS}` },
    ])
    // The account's balances as the Account view read them: ETH at 3000 USD on this chain.
    const eth = { name: 'Ether', symbol: 'ETH', chainId: CHAIN, value: 30_000, price: 3000 }
    stand.store.set(tokensAtom, {
      key: CHAIN,
      status: 'ready',
      data: [{ ...eth, quantity: { decimals: '18', numeric: '10' } }],
    })
    await stand.onramp.loadOptions()
    return { ...stand, asked }
  }

  it('falls back to a quote computed from the known price, marked as an estimate and never bought', async () => {
    let up = false
    const stand = await connected(() =>
      up ? { status: 200, body: QUOTE } : { status: 502, body: { error: { message: 'Server Error' } } },
    )
    try {
      const input = { amount: '150', fiat: 'USD', method: 'card', asset: 'ETH' } as const
      await stand.onramp.quote(input)
      expect(stand.store.get(onrampAtom)).toMatchObject({
        status: 'ready',
        estimate: true,
        quoteFor: '150 USD card ETH eip155:31337',
        quote: { quoteId: 'estimate', purchaseAmount: { amount: '0.05', currency: 'ETH' } },
      })
      // Buy on an estimate asks the provider for nothing (and opens no popup).
      await stand.onramp.buy(input)
      expect(stand.asked.filter((p) => p === '/v1/generators/onrampurl')).toEqual([])
      // The provider's own quote, once it answers, replaces the estimate.
      up = true
      await stand.onramp.quote(input)
      expect(stand.store.get(onrampAtom)).toMatchObject({ status: 'ready', estimate: false, quote: QUOTE })
    } finally {
      await stand.close()
    }
  })

  it('shows the failure when nothing can be estimated (no USD price for EUR)', async () => {
    const stand = await connected(() => ({ status: 502, body: { error: { message: 'Server Error' } } }))
    try {
      await stand.onramp.quote({ amount: '150', fiat: 'EUR', method: 'card', asset: 'ETH' })
      expect(stand.store.get(onrampAtom)).toMatchObject({
        status: 'error',
        error: expect.stringMatching(/^Server Error/),
        estimate: false,
        quote: undefined,
      })
    } finally {
      await stand.close()
    }
  })

  it('estimates USDC at one dollar when no balance prices it', async () => {
    const stand = await connected(() => ({ status: 502, body: { error: { message: 'Server Error' } } }))
    try {
      await stand.onramp.quote({ amount: '150', fiat: 'USD', method: 'card', asset: 'USDC' })
      expect(stand.store.get(onrampAtom)).toMatchObject({
        status: 'ready',
        estimate: true,
        quoteFor: '150 USD card USDC eip155:31337',
        quote: { purchaseAmount: { amount: '150', currency: 'USDC' } },
      })
    } finally {
      await stand.close()
    }
  })

  it('asks no quote of a provider that prices on its own page (Meld), within the limits only', async () => {
    const stand = await connected(() => ({ status: 200, body: QUOTE }))
    try {
      stand.onramp.chooseProvider('meld')
      expect(stand.store.get(onrampAtom).provider).toBe('meld')
      await stand.onramp.quote({ amount: '150', fiat: 'USD', method: 'card', asset: 'USDC' })
      expect(stand.store.get(onrampAtom)).toMatchObject({
        status: 'ready',
        quote: undefined,
        quoteFor: '150 USD card USDC eip155:31337',
      })
      await stand.onramp.quote({ amount: '5', fiat: 'USD', method: 'card', asset: 'USDC' })
      expect(stand.store.get(onrampAtom)).toMatchObject({
        status: 'error',
        error: 'Amount must be between 10.00 and 7500.00 USD for card',
      })
      expect(stand.asked.filter((p) => p === '/v1/onramp/quote')).toEqual([])
      // A provider the options do not list is not taken.
      stand.onramp.chooseProvider('nope')
      expect(stand.store.get(onrampAtom).provider).toBe('meld')
    } finally {
      await stand.close()
    }
  })
})
