import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadLoop } from './loadLoop.ts'

describe('loadLoop', () => {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => res.writeHead(req.url === '/fail' ? 500 : 200).end('{}'))
  })
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('stops at the request cap and counts replies', async () => {
    const result = await loadLoop({
      url: `${base}/`,
      body: '{}',
      connections: 4,
      durationMs: 5_000,
      maxRequests: 200,
    })
    expect(result.requests).toBe(200)
    expect(result.errors).toBe(0)
    expect(result.perSecond).toBeGreaterThan(0)
    expect(result.latencyMs?.n).toBe(200)
  })

  it('stops at the deadline and counts failures', async () => {
    const start = performance.now()
    const result = await loadLoop({
      url: `${base}/fail`,
      body: '{}',
      connections: 2,
      durationMs: 200,
      maxRequests: 1e9,
    })
    expect(performance.now() - start).toBeLessThan(2_000)
    expect(result.requests).toBe(0)
    expect(result.errors).toBeGreaterThan(0)
  })

  it('refuses anything but loopback', async () => {
    await expect(
      loadLoop({ url: 'http://example.com/', body: '{}', connections: 1, durationMs: 10, maxRequests: 1 }),
    ).rejects.toThrow('not loopback')
  })
})
