import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createApiClient } from '../../api/createApiClient.ts'
import { createStore } from '../atoms.ts'
import { createOnrampActions } from './createOnrampActions.ts'
import { onrampAtom } from './onrampAtoms.ts'

const REPLY = {
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
  purchaseCurrencies: [],
}

// A real HTTP server stands in for the API's options route, answering what each test scripts.
async function serve(answer: () => { status: number; body: unknown }) {
  let hits = 0
  const server = createServer((_req, res) => {
    hits++
    const { status, body } = answer()
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
