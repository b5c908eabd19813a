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

describe('chain reads', () => {
  it("batches one task's first reads into one call, though their batcher's chunk loads with them", async () => {
    const bodies: unknown[] = []
    const fetcher = (async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { id: number }[]
      bodies.push(body)
      return new Response(JSON.stringify(body.map(({ id }) => ({ jsonrpc: '2.0', id, result: `0x${id}` }))))
    }) as typeof fetch
    const api = createApiClient('http://api.test', '1.0.0', fetcher)
    const reads = ['eth_chainId', 'eth_blockNumber', 'eth_gasPrice'].map((method) =>
      api.rpc('p', 'eip155:1', method, []),
    )
    expect(await Promise.all(reads)).toHaveLength(3)
    expect(bodies).toHaveLength(1)
    expect((bodies[0] as { method: string }[]).map((call) => call.method)).toEqual([
      'eth_chainId',
      'eth_blockNumber',
      'eth_gasPrice',
    ])
  })
})

describe('getProjectConfig', () => {
  // A real HTTP server stands in for the API's configuration route, failing as scripted.
  async function serve(script: ('drop' | number)[]) {
    const { createServer } = await import('node:http')
    let hits = 0
    const server = createServer((req, res) => {
      const step = script[hits++] ?? 200
      if (step === 'drop') return req.socket.destroy()
      if (step !== 200) return res.writeHead(step).end('{}')
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ projectId: 'p', name: 'Shop', allowedOrigins: [], features: {} }))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
    const { port } = server.address() as import('node:net').AddressInfo
    return {
      api: createApiClient(`http://127.0.0.1:${port}`, '1.0.0'),
      hits: () => hits,
      close: () => new Promise<void>((r) => server.close(() => r())),
    }
  }

  it('retries a dropped request and a 503 with backoff (SPEC §9), then returns the configuration', async () => {
    const stand = await serve(['drop', 503])
    try {
      await expect(stand.api.getProjectConfig('p')).resolves.toMatchObject({ projectId: 'p', name: 'Shop' })
      expect(stand.hits()).toBe(3)
    } finally {
      await stand.close()
    }
  })

  it("gives 'Server Error' after SPEC §9's three retries, and 'Invalid Project ID' on 404 at once", async () => {
    const failing = await serve([500, 500, 500, 500, 500])
    try {
      await expect(failing.api.getProjectConfig('p')).rejects.toMatchObject({
        code: 'server_error',
        shortMessage: 'Server Error',
      })
      expect(failing.hits()).toBe(4)
    } finally {
      await failing.close()
    }
    const unknown = await serve([404])
    try {
      await expect(unknown.api.getProjectConfig('p')).rejects.toMatchObject({ code: 'invalid_project_id' })
      expect(unknown.hits()).toBe(1)
    } finally {
      await unknown.close()
    }
  })
})
