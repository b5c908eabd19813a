import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type ChainUpstreams, createChainUpstreams } from './createChainUpstreams.ts'

// A real anvil behind small faulty proxies of our own (nothing else plays a misbehaving node): each
// forwards to anvil, or drops the connection, answers a status with Retry-After, or waits first, as
// the test sets it, and counts what reached it.
const ANVIL = resolve(import.meta.dirname, '../../../../node_modules/.bin/anvil')
const PORT = 27545 + Math.floor(Math.random() * 1000)
const BLOCK_NUMBER = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] })

type Fault =
  | { kind: 'pass' }
  | { kind: 'drop' }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'delay'; ms: number }
type FaultyNode = { url: string; count: number; faults: Fault[]; server: Server }

let anvil: ChildProcess
const opened: FaultyNode[] = []
const chains: ChainUpstreams[] = []

/** A faulty node: the next requests meet `faults` in turn, then every later one passes. */
async function faultyNode(...faults: Fault[]): Promise<FaultyNode> {
  const node: FaultyNode = { url: '', count: 0, faults, server: createServer() }
  node.server.on('request', (req, res) => {
    node.count++
    const fault = node.faults.shift() ?? { kind: 'pass' }
    if (fault.kind === 'drop') return req.socket.destroy()
    if (fault.kind === 'status') {
      res.writeHead(fault.status, fault.retryAfter ? { 'retry-after': fault.retryAfter } : {})
      return res.end('{}')
    }
    const forward = () =>
      req.pipe(
        request(`http://127.0.0.1:${PORT}`, { method: 'POST', headers: req.headers }, (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
        }),
      )
    if (fault.kind === 'delay') setTimeout(forward, fault.ms)
    else forward()
  })
  await new Promise<void>((r) => node.server.listen(0, '127.0.0.1', () => r()))
  node.url = `http://127.0.0.1:${(node.server.address() as AddressInfo).port}`
  opened.push(node)
  return node
}

function chain(nodes: FaultyNode[], sleeps: number[] = []): ChainUpstreams {
  const upstreams = createChainUpstreams(
    nodes.map((n) => n.url),
    { pingMethod: 'eth_blockNumber', sleep: async (ms) => void sleeps.push(ms) },
  )
  chains.push(upstreams)
  return upstreams
}

async function blockNumber(upstreams: ChainUpstreams): Promise<string> {
  const reply = await upstreams.send(BLOCK_NUMBER)
  let text = ''
  for await (const chunk of reply.body) text += chunk
  expect(reply.status).toBe(200)
  return (JSON.parse(text) as { result: string }).result
}

beforeAll(async () => {
  anvil = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(PORT), '--silent'])
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${PORT}`, { method: 'POST', body: BLOCK_NUMBER }).then(
      () => true,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 100))
  }
}, 30_000)
afterEach(() => {
  for (const c of chains.splice(0)) c.close()
  for (const n of opened.splice(0)) n.server.close()
})
afterAll(() => {
  anvil.kill()
})

describe('the proxy’s upstreams (SPEC §9 retry and fallback)', () => {
  it('retries one node on a dropped connection and on 503, 150 ms doubling', async () => {
    const node = await faultyNode({ kind: 'drop' }, { kind: 'status', status: 503 })
    const sleeps: number[] = []
    expect(await blockNumber(chain([node], sleeps))).toMatch(/^0x/)
    expect(node.count).toBe(3)
    expect(sleeps).toEqual([150, 300])
  })

  it("honours the node's Retry-After", async () => {
    const node = await faultyNode({ kind: 'status', status: 429, retryAfter: '1' })
    const sleeps: number[] = []
    expect(await blockNumber(chain([node], sleeps))).toMatch(/^0x/)
    expect(node.count).toBe(2)
    expect(sleeps).toEqual([1000])
  })

  it('does not retry a status outside the list, and gives up after 3 retries', async () => {
    const teapot = await faultyNode({ kind: 'status', status: 418 })
    const reply = await chain([teapot]).send(BLOCK_NUMBER)
    expect(reply.status).toBe(418)
    expect(teapot.count).toBe(1)
    const down = await faultyNode(...Array.from({ length: 9 }, () => ({ kind: 'drop' }) as const))
    await expect(chain([down]).send(BLOCK_NUMBER)).rejects.toMatchObject({
      status: 502,
      code: 'upstream_unavailable',
    })
    expect(down.count).toBe(4)
  })

  it('falls back to the next node when one fails, and keeps off the failed one for a while', async () => {
    const failing = await faultyNode(...Array.from({ length: 9 }, () => ({ kind: 'drop' }) as const))
    const healthy = await faultyNode()
    const upstreams = chain([failing, healthy])
    for (let i = 0; i < 5; i++) expect(await blockNumber(upstreams)).toMatch(/^0x/)
    expect(failing.count).toBe(1)
    expect(healthy.count).toBe(5)
  })

  it('moves reads off a slow node once it has been measured (latency weight)', async () => {
    const slow = await faultyNode(...Array.from({ length: 9 }, () => ({ kind: 'delay', ms: 300 }) as const))
    const fast = await faultyNode()
    const upstreams = chain([slow, fast])
    for (let i = 0; i < 5; i++) expect(await blockNumber(upstreams)).toMatch(/^0x/)
    expect(slow.count).toBe(1)
    expect(fast.count).toBe(4)
  })
})
