import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { createApiClient } from './createApiClient.ts'

describe('createApiClient', () => {
  it('tells the API the handshake origin on every call that serves the site', async () => {
    const seen: (string | null)[] = []
    const fetcher = (async (url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers).get(SITE_ORIGIN_HEADER))
      const body = url.includes('/v1/wallets')
        ? { count: 0, data: [] }
        : { jsonrpc: '2.0', id: 1, result: '0x1' }
      return new Response(JSON.stringify(body))
    }) as typeof fetch
    const api = createApiClient('http://api.test', '1.0.0', fetcher, () => 'https://shop.test')
    await api.rpc('p', 'eip155:1', 'eth_chainId', [])
    await api.getWallets('p', {})
    await api.sendEvent('p', {
      eventId: crypto.randomUUID(),
      url: 'https://shop.test',
      domain: 'shop.test',
      timestamp: 1,
      props: { type: 'track', event: 'MODAL_OPEN' },
    })
    expect(seen).toEqual(['https://shop.test', 'https://shop.test', 'https://shop.test'])
  })
})
