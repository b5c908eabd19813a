import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchWithRetry, retryAfterMs } from './fetchWithRetry.ts'

// A real HTTP server that answers a scripted list of statuses, one per request.
let server: Server
let base = ''
let script: { status: number; retryAfter?: string }[] = []
let hits = 0
beforeAll(async () => {
  server = createServer((_req, res) => {
    const next = script[hits++] ?? { status: 200 }
    res
      .writeHead(next.status, next.retryAfter ? { 'retry-after': next.retryAfter } : {})
      .end(String(next.status))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

function run(statuses: { status: number; retryAfter?: string }[]) {
  script = statuses
  hits = 0
  const waits: number[] = []
  const sleep = async (ms: number) => {
    waits.push(ms)
  }
  return fetchWithRetry(base, {}, fetch, { sleep }).then((res) => ({ status: res.status, waits, hits }))
}

describe('fetchWithRetry (SPEC §9)', () => {
  it('retries the listed statuses with 150 ms exponential backoff, 3 times at most', async () => {
    expect(await run([{ status: 503 }, { status: 502 }, { status: 200 }])).toEqual({
      status: 200,
      waits: [150, 300],
      hits: 3,
    })
    expect(
      await run([{ status: 429 }, { status: 429 }, { status: 429 }, { status: 429 }, { status: 200 }]),
    ).toEqual({
      status: 429,
      waits: [150, 300, 600],
      hits: 4,
    })
  })
  it('does not retry other statuses', async () => {
    expect(await run([{ status: 400 }, { status: 200 }])).toEqual({ status: 400, waits: [], hits: 1 })
  })
  it('honours Retry-After', async () => {
    expect(await run([{ status: 429, retryAfter: '2' }, { status: 200 }])).toEqual({
      status: 200,
      waits: [2000],
      hits: 2,
    })
  })
  it('reads Retry-After as seconds or a date, capped at 10 s', () => {
    expect(retryAfterMs('1.5')).toBe(1500)
    expect(retryAfterMs(new Date(1_000_000 + 3000).toUTCString(), 1_000_000)).toBe(3000)
    expect(retryAfterMs('3600')).toBe(10_000)
    expect(retryAfterMs('soon')).toBeUndefined()
    expect(retryAfterMs(null)).toBeUndefined()
  })
})
