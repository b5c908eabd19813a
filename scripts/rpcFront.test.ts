import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRpcFront } from './rpcFront.ts'

// A real HTTP server stands in for the EVM node: it answers every JSON-RPC body with its own echo.
let node: Server
const fronts: Server[] = []
const address = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const listen = (server: Server) => new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))

beforeAll(async () => {
  node = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: JSON.parse(body) }))
  })
  await listen(node)
})
afterAll(async () => {
  for (const server of [node, ...fronts]) await new Promise<void>((r) => server.close(() => r()))
})

async function front(control: boolean): Promise<string> {
  const server = createRpcFront({ target: address(node), control })
  fronts.push(server)
  await listen(server)
  return address(server)
}
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('the RPC front', () => {
  it('passes a request on either node path to the node and its answer back', async () => {
    const base = await front(false)
    for (const path of ['/a', '/b']) {
      const res = await post(`${base}${path}`, { id: 1, method: 'eth_chainId' })
      expect(await res.json()).toEqual({ echo: { id: 1, method: 'eth_chainId' } })
    }
    expect((await post(`${base}/c`, {})).status).toBe(404)
  })

  it('fails the next requests holding a text, by status or by a cut connection, and lists where they came', async () => {
    const base = await front(true)
    const watched = '0xAbCdEf0123456789'
    await post(`${base}/control/fail`, { match: watched, fault: 'status', count: 1 })
    const failed = await post(`${base}/a`, { params: [watched.toLowerCase()] })
    expect(failed.status).toBe(503)
    const passed = await post(`${base}/b`, { params: [watched] })
    expect(passed.status).toBe(200)
    await post(`${base}/control/fail`, { match: watched, fault: 'reset', count: 1 })
    await expect(post(`${base}/b`, { params: [watched] })).rejects.toThrow()
    // Another request is not touched.
    expect((await post(`${base}/a`, { params: ['0x1234'] })).status).toBe(200)
    const arrivals = await (await fetch(`${base}/control/arrivals?match=${watched}`)).json()
    expect(arrivals).toEqual([
      { node: 'a', failed: true },
      { node: 'b', failed: false },
      { node: 'b', failed: true },
    ])
  })

  it('takes no fault control off the test stack', async () => {
    const base = await front(false)
    expect((await post(`${base}/control/fail`, { match: '0xAbCdEf0123456789' })).status).toBe(404)
  })
})
