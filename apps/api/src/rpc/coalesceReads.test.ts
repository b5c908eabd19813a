import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import type { JsonRpcRequest } from '@modalkit/protocol'
import { Wallet } from 'ethers'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { coalesceReads } from './coalesceReads.ts'
import { type ChainUpstreams, createChainUpstreams } from './createChainUpstreams.ts'

// A real anvil behind a small forwarder that records what the proxy sends it and can play a node
// without batch support (it then answers a batch with one error object, as such nodes do).
let anvil: Anvil
let forwarder: Server
let upstream: ChainUpstreams
const seen: unknown[] = []
let refuseBatches = false

beforeAll(async () => {
  anvil = await startAnvil()
  forwarder = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const parsed = JSON.parse(body.toString('utf8')) as unknown
      seen.push(parsed)
      if (refuseBatches && Array.isArray(parsed)) {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: null,
            error: { code: -32600, message: 'batch not supported' },
          }),
        )
        return
      }
      const up = request(
        anvil.rpcUrl,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' })
          answer.pipe(res)
        },
      )
      up.end(body)
    })
  })
  await new Promise<void>((r) => forwarder.listen(0, '127.0.0.1', () => r()))
  upstream = createChainUpstreams([`http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`], {
    pingMethod: 'eth_blockNumber',
  })
}, 30_000)
afterAll(async () => {
  upstream.close()
  await new Promise<void>((r) => forwarder.close(() => r()))
  anvil.stop()
})
beforeEach(() => {
  seen.length = 0
  refuseBatches = false
})

const direct = async (call: JsonRpcRequest) => {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(call),
  })
  return res.json()
}
const balanceCall = (id: string | number, address: string): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id,
  method: 'eth_getBalance',
  params: [address, 'latest'],
})

it('sends reads that arrive together as one batch and gives each client its own answer and id', async () => {
  const read = coalesceReads(upstream)
  const funded = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  // Clients choose their ids freely: the same id twice, strings and numbers.
  const calls = [
    balanceCall(1, funded),
    balanceCall(1, Wallet.createRandom().address),
    balanceCall('a', funded),
    { jsonrpc: '2.0' as const, id: 7, method: 'eth_getBlockByNumber', params: ['not a block', false] },
  ]
  const answers = await Promise.all(calls.map((call) => read(call)))
  expect(seen).toHaveLength(1)
  expect(Array.isArray(seen[0])).toBe(true)
  expect((seen[0] as unknown[]).length).toBe(4)
  for (const [index, call] of calls.entries()) {
    expect(answers[index]!.status).toBe(200)
    // What the node says to the call sent alone, error code and message included.
    expect(JSON.parse(answers[index]!.bytes.toString('utf8'))).toEqual(await direct(call))
  }
})

it('sends a read alone as it came, and its answer untouched', async () => {
  const read = coalesceReads(upstream)
  const call = balanceCall('only', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  const answer = await read(call)
  expect(seen).toEqual([call])
  expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual(await direct(call))
})

it('sends each read again on its own when the node refuses batches', async () => {
  refuseBatches = true
  const read = coalesceReads(upstream)
  const calls = [1, 2, 3].map((id) => balanceCall(id, Wallet.createRandom().address))
  const answers = await Promise.all(calls.map((call) => read(call)))
  expect(seen.filter(Array.isArray)).toHaveLength(1)
  expect(seen.filter((body) => !Array.isArray(body))).toHaveLength(3)
  expect(answers.map((a) => JSON.parse(a.bytes.toString('utf8')))).toEqual(
    calls.map((call) => ({ jsonrpc: '2.0', id: call.id, result: '0x0' })),
  )
})
