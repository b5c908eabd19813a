import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quantile, statusLoop } from './statusLoop.ts'

describe('statusLoop', () => {
  const bodies: string[] = []
  // Answers 200 to the first 10 requests, then 429: a rate limit as the login endpoints have.
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => {
      bodies.push(text)
      res.writeHead(bodies.length <= 10 ? 200 : 429).end('{}')
    })
  })
  let base = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('counts every answer by status, sends each request its own body, and stops at the cap', async () => {
    const result = await statusLoop({
      url: `${base}/`,
      body: (i) => JSON.stringify({ i }),
      connections: 3,
      durationMs: 5_000,
      maxRequests: 25,
    })
    expect(result.statuses).toEqual({ '200': 10, '429': 15 })
    expect(new Set(bodies).size).toBe(25)
    expect(result.p50).toBeLessThanOrEqual(result.p99!)
  })

  it('refuses a host that is not loopback', async () => {
    await expect(
      statusLoop({
        url: 'http://example.com/',
        body: () => '',
        connections: 1,
        durationMs: 1,
        maxRequests: 1,
      }),
    ).rejects.toThrow('not loopback')
  })

  it('quantile: nearest rank', () => {
    expect(quantile([], 0.5)).toBeUndefined()
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2)
    expect(
      quantile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.99,
      ),
    ).toBe(99)
  })
})
