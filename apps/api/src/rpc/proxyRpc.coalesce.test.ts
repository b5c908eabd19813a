import { createServer as createHttpServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { Wallet } from 'ethers'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from '../server/createServer.ts'

// The chain proxy batches single reads of many clients together (coalesceReads). A client must not
// be able to hold the others' answers with a slow call of its own, nor get a signed send into a batch
// that a retry would send twice: a real anvil behind a forwarder that records what reaches the node.
let anvil: Anvil
let forwarder: Server
let api: Server
let db: Db
let base = ''
const bodies: unknown[] = []

beforeAll(async () => {
  anvil = await startAnvil()
  forwarder = createHttpServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      bodies.push(JSON.parse(body.toString('utf8')))
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
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.test'] })
  api = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([['eip155:31337', `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`]]),
  })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
}, 30_000)
afterAll(async () => {
  await new Promise<void>((r) => api.close(() => r()))
  await new Promise<void>((r) => forwarder.close(() => r()))
  await db.close()
  anvil.stop()
})

const call = (method: string, params: unknown[], id: number) =>
  fetch(`${base}/v1/?chainId=eip155:31337&projectId=shop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: 'https://shop.test' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  }).then((res) => res.json() as Promise<{ id: number; result?: unknown; error?: unknown }>)

it('batches cheap reads of many clients, but never a slow call or a signed send with them', async () => {
  const holder = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const signed = await Wallet.createRandom().signTransaction({
    to: holder,
    value: 1n,
    gasLimit: 21000n,
    gasPrice: 1n,
    chainId: 31337n,
    nonce: 0,
  })
  const round = () => Promise.all(Array.from({ length: 20 }, (_, i) => call('eth_blockNumber', [], 1000 + i)))
  // Keep-alive connections first, so the reads below reach the API together, as under load.
  await round()
  bodies.length = 0
  const answers = await Promise.all([
    ...Array.from({ length: 8 }, (_, i) =>
      call('eth_getBalance', [Wallet.createRandom().address, 'latest'], i),
    ),
    call('eth_call', [{ to: holder, data: '0x' }, 'latest'], 100),
    call('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }], 101),
    call('eth_estimateGas', [{ from: holder, to: holder, value: '0x1' }], 102),
    call('eth_sendRawTransaction', [signed], 103),
    ...Array.from({ length: 8 }, (_, i) => call('eth_blockNumber', [], 200 + i)),
  ])
  // Each client got its own answer (its id; the unfunded send refused by the node, as sent alone).
  expect(answers.map((a) => a.id)).toEqual([
    ...Array.from({ length: 8 }, (_, i) => i),
    100,
    101,
    102,
    103,
    ...Array.from({ length: 8 }, (_, i) => 200 + i),
  ])
  expect(answers.slice(0, 8).every((a) => a.result === '0x0')).toBe(true)
  expect(answers[11]?.error).toBeDefined()
  // Cheap reads did travel together...
  const batches = bodies.filter(Array.isArray) as { method: string }[][]
  expect(batches.length).toBeGreaterThan(0)
  // ...and nothing else ever did.
  const batched = new Set(batches.flat().map((c) => c.method))
  for (const method of ['eth_call', 'eth_getLogs', 'eth_estimateGas', 'eth_sendRawTransaction'])
    expect(batched.has(method)).toBe(false)
  const alone = bodies.filter((b) => !Array.isArray(b)).map((b) => (b as { method: string }).method)
  expect(alone).toEqual(
    expect.arrayContaining(['eth_call', 'eth_getLogs', 'eth_estimateGas', 'eth_sendRawTransaction']),
  )
})
