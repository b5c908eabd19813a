import { type ChildProcess, spawn } from 'node:child_process'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import { createSession } from '../auth/sessions.ts'
import { ensureUserByEmail } from '../auth/users.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { parseTrustProxy } from '../server/clientAddress.ts'
import { createServer } from '../server/createServer.ts'

// A real EVM node behind the proxy: anvil from node_modules on a free port.
const ANVIL = resolve(import.meta.dirname, '../../../../node_modules/.bin/anvil')
const PORT = 28545 + Math.floor(Math.random() * 1000)
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let anvil: ChildProcess
let db: Db
let server: Server
let base = ''
const clock = { now: Date.now() }

beforeAll(async () => {
  anvil = spawn(ANVIL, ['--host', '127.0.0.1', '--port', String(PORT), '--chain-id', '31337', '--silent'])
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.test'] })
  await upsertProject(db, { id: 'busy', name: 'Busy', allowedOrigins: ['https://shop.test'] })
  server = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([['eip155:31337', `http://127.0.0.1:${PORT}`]]),
    // Small quotas so a flood is reached in a test; the clock is the test's.
    rpcLimits: {
      perAddress: 2_500,
      perUser: 5_000,
      perProject: 3_500,
      windowMs: 60_000,
      crowded: { above: 3_000, perAddress: 100 },
    },
    now: () => clock.now,
    trustProxy: parseTrustProxy('127.0.0.1'),
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${PORT}`, { method: 'POST', body: '{}' }).then(
      () => true,
      () => false,
    )
    if (up) break
    await new Promise((r) => setTimeout(r, 100))
  }
}, 240_000)
afterAll(async () => {
  anvil.kill()
  await new Promise<void>((r) => server.close(() => r()))
  await db.close()
})

const call = (body: unknown, query = 'chainId=eip155:31337&projectId=shop') =>
  fetch(`${base}/v1/?${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: 'https://shop.test' },
    body: JSON.stringify(body),
  })

/** A call as `client` (behind the trusted proxy), to `project`, with the frame's session if given. */
const callFrom = (client: string, body: unknown, { project = 'shop', authorization = '' } = {}) =>
  fetch(`${base}/v1/?chainId=eip155:31337&projectId=${project}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SITE_ORIGIN_HEADER]: 'https://shop.test',
      'x-forwarded-for': client,
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify(body),
  })

describe('the chain RPC proxy', () => {
  it("serves only the project's allowed sites: the handshake origin header, or siteOrigin in the URL", async () => {
    const chainId = { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }
    const send = (headers: Record<string, string>, query = 'chainId=eip155:31337&projectId=shop') =>
      fetch(`${base}/v1/?${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(chainId),
      })
    const evil = await send({ [SITE_ORIGIN_HEADER]: 'https://evil.test' })
    expect(evil.status).toBe(403)
    expect(await evil.json()).toEqual({
      error: {
        code: 'invalid_app_configuration',
        message: 'Invalid App Configuration',
        field: `header.${SITE_ORIGIN_HEADER}`,
      },
    })
    expect((await send({})).status).toBe(403)
    const viaUrl = await send(
      {},
      `chainId=eip155:31337&projectId=shop&siteOrigin=${encodeURIComponent('https://shop.test')}`,
    )
    expect(viaUrl.status).toBe(200)
  })
  it('answers reads from the chain node', async () => {
    const res = await call({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
    const balance = (await (
      await call({ jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [ACCOUNT, 'latest'] })
    ).json()) as {
      result: string
    }
    expect(BigInt(balance.result)).toBeGreaterThan(0n)
  })

  it('answers batches in order, refusing unsafe or unlisted methods in their slot', async () => {
    const res = await call([
      { jsonrpc: '2.0', id: 'a', method: 'eth_blockNumber', params: [] },
      { jsonrpc: '2.0', id: 'b', method: 'anvil_setBalance', params: [ACCOUNT, '0x0'] },
      { jsonrpc: '2.0', id: 'c', method: 'eth_sendTransaction', params: [{ from: ACCOUNT, to: ACCOUNT }] },
    ])
    const replies = (await res.json()) as {
      id: string
      result?: unknown
      error?: { code: number; message: string }
    }[]
    expect(replies.map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(replies[0]?.result).toMatch(/^0x/)
    expect(replies[1]?.error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
    expect(replies[2]?.error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
  })

  it("passes a node's error through untouched: its code, message and data", async () => {
    const poor = '0x0000000000000000000000000000000000000001'
    const tx = { from: poor, to: ACCOUNT, value: '0xffffffffffffffffffff' }
    const single = await call({ jsonrpc: '2.0', id: 7, method: 'eth_call', params: [tx, 'latest'] })
    // What the node itself answers, byte for byte the same.
    const direct = await fetch(`http://127.0.0.1:${PORT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_call', params: [tx, 'latest'] }),
    })
    const reply = (await single.json()) as { error: { code: number; message: string } }
    expect(reply).toEqual(await direct.json())
    expect(reply.error.code).toBe(-32003)
    expect(reply.error.message).toMatch(/insufficient funds/i)
    // In a batch with a refused call, too.
    const batch = (await (
      await call([
        { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [tx, 'latest'] },
        { jsonrpc: '2.0', id: 2, method: 'anvil_mine', params: [] },
      ])
    ).json()) as { error: unknown }[]
    expect(batch[0]?.error).toEqual(reply.error)
    expect(batch[1]?.error).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
  })

  it('accepts a 1000-call batch well over 64 KiB (the route limit, not the default one), answered in full', async () => {
    const calls = Array.from({ length: 1000 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'eth_getBalance',
      params: [ACCOUNT, 'latest'],
    }))
    expect(JSON.stringify(calls).length).toBeGreaterThan(64 * 1024)
    const res = await call(calls)
    expect(res.status).toBe(200)
    const replies = (await res.json()) as { id: number; result: string }[]
    expect(replies).toHaveLength(1000)
    expect(replies.every((r) => BigInt(r.result) > 0n)).toBe(true)
    // A batch of 1001 is still refused by the schema (SPEC §9: batch size 1000).
    expect((await call([...calls, { ...calls[0], id: 1000 }])).status).toBe(400)
  })

  it("refuses a chain it has no node for: 400 'Chain is not supported'", async () => {
    const res = await call(
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
      'chainId=eip155:999&projectId=shop',
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: { code: 'unsupported_chain', message: 'Chain is not supported', field: 'query.chainId' },
    })
  })

  it('refuses an unknown project and malformed JSON-RPC', async () => {
    expect(
      (await call({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 'chainId=eip155:31337&projectId=nope'))
        .status,
    ).toBe(404)
    const bad = await call({ jsonrpc: '1.0', id: 1, method: 'eth_chainId' })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { field: string } }).error.field).toBe('body')
  })

  it("answers a batch flood with 429 'Rate Limited', per address and per project, eth_getLogs costing more", async () => {
    clock.now += 120_000
    const batch = (method: string, n: number) =>
      Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method, params: [] }))
    const flood = (body: unknown, client: string, project = 'busy') => callFrom(client, body, { project })
    // 2 × 1000 cheap calls pass; 100 eth_getLogs (cost 20 each) more do not.
    expect((await flood(batch('eth_chainId', 1000), '198.51.100.1')).status).toBe(200)
    expect((await flood(batch('eth_chainId', 1000), '198.51.100.1')).status).toBe(200)
    const limited = await flood(batch('eth_getLogs', 100), '198.51.100.1')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect(await limited.json()).toEqual({ error: { code: 'rate_limited', message: 'Rate Limited' } })
    // Another address has its own quota.
    expect((await flood(batch('eth_chainId', 1000), '198.51.100.2')).status).toBe(200)
    // Past 3,000 units the project is crowded: a heavy caller is shed (100 units a client now) though
    // the project's budget still had room for it, while a page's few calls are served.
    expect((await flood(batch('eth_chainId', 400), '198.51.100.3')).status).toBe(429)
    expect((await flood(batch('eth_chainId', 10), '198.51.100.4')).status).toBe(200)
    // Ever new light callers still end at the project's own bound (3,500 units): 3,010 + 4 × 100.
    const light = []
    for (let n = 10; n < 16; n++)
      light.push((await flood(batch('eth_chainId', 100), `198.51.100.${n}`)).status)
    expect(light).toEqual([200, 200, 200, 200, 429, 429])
    // Another project is untouched; the window passes.
    expect((await flood(batch('eth_chainId', 10), '198.51.100.3', 'shop')).status).toBe(200)
    clock.now += 60_001
    expect((await flood(batch('eth_chainId', 1000), '198.51.100.1')).status).toBe(200)
  })

  it('counts every address of one IPv6 /64 as one client; another /64 is served', async () => {
    clock.now += 120_000
    // The quota writes its counts every 250 ms; once written, the earlier tests' fall out of the window.
    await new Promise((r) => setTimeout(r, 1_000))
    const rotate = (client: string) =>
      callFrom(
        client,
        Array.from({ length: 850 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })),
      )
    // 850 units each from three addresses of one /64: the third passes the 2,500 per client.
    expect((await rotate('2001:db8:aa:bb::1')).status).toBe(200)
    expect((await rotate('2001:db8:aa:bb::2')).status).toBe(200)
    expect((await rotate('2001:db8:aa:bb:1234:5678:9abc:def0')).status).toBe(429)
    // An honest client in another /64 of the same project still gets its answer.
    expect((await rotate('2001:db8:aa:cc::1')).status).toBe(200)
  })

  it("serves a logged-in user's reads in a tier of their own: neither a flood from their address nor a crowded project stops them", async () => {
    clock.now += 120_000
    await new Promise((r) => setTimeout(r, 1_000))
    const { userId } = await ensureUserByEmail(db.query, `tier-${clock.now}@example.test`, clock.now)
    const token = await createSession(db.query, { userId, deviceId: 'frame', now: clock.now })
    const read = (n: number, client: string, authorization = '') =>
      callFrom(
        client,
        Array.from({ length: n }, (_, id) => ({ jsonrpc: '2.0', id, method: 'eth_chainId' })),
        // Not the project the next tests read through: these counts stay in its window a while.
        { project: 'busy', authorization },
      )
    // A script beside the user (the same address) spends the address's quota.
    for (const n of [1_000, 1_000, 500]) expect((await read(n, '203.0.113.7')).status).toBe(200)
    expect((await read(10, '203.0.113.7')).status).toBe(429)
    // The user's secure frame, from that address with its session: served.
    expect((await read(10, '203.0.113.7', `Bearer ${token}`)).status).toBe(200)
    // A made-up token is no session: refused with the flood.
    expect((await read(10, '203.0.113.7', `Bearer ${'A'.repeat(43)}`)).status).toBe(429)
    // Once the project is crowded (past 3,000), anonymous heavy readers are shed; the user is not.
    expect((await read(600, '203.0.113.9')).status).toBe(429)
    expect((await read(600, '203.0.113.7', `Bearer ${token}`)).status).toBe(200)
    // The project's own bound (3,500) still holds for everyone.
    expect((await read(400, '203.0.113.7', `Bearer ${token}`)).status).toBe(429)
  })
})

describe("the proxy's limits on one call, as the hosted providers set them", () => {
  const one = async (method: string, params: unknown[]) =>
    (await call({ jsonrpc: '2.0', id: 7, method, params })).json() as Promise<Record<string, unknown>>

  it('refuses eth_getLogs over more than 10,000 blocks with -32602, before the node scans', async () => {
    clock.now += 120_000
    const refused = (range: number) => ({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: `range ${range} exceeds limit of 10000` },
    })
    expect(await one('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x2710' }])).toEqual(refused(10_001))
    expect(await one('eth_getLogs', [{ fromBlock: 'earliest', toBlock: '0xf4240' }])).toEqual(
      refused(1_000_001),
    )
    // In a batch, only its slot is refused.
    const batch = await call([
      { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ fromBlock: '0x0', toBlock: '0x2710' }] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
    ])
    const [logs, chain] = (await batch.json()) as Record<string, unknown>[]
    expect(logs?.error).toMatchObject({ code: -32602 })
    expect(chain?.result).toBe('0x7a69')
    // A range within the limit, the head read for its tag, is answered.
    expect((await one('eth_getLogs', [{ fromBlock: 'earliest', toBlock: 'latest' }])).result).toEqual([])
  })

  it('answers eth_getLogs with more than 10,000 logs by -32005, as the providers do; a narrower query passes', async () => {
    // Init code that emits 10,001 empty LOG0s in a loop and deploys nothing: one block, 10,001 logs.
    const emitter = '0x6127115b60006000a0600190038060035700'
    const node = (method: string, params: unknown[]) =>
      fetch(`http://127.0.0.1:${PORT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then(async (r) => ((await r.json()) as { result: unknown }).result)
    const hash = await node('eth_sendTransaction', [{ from: ACCOUNT, data: emitter, gas: '0x7a1200' }])
    type Receipt = { blockNumber: string; logs: unknown[] } | null
    let receipt: Receipt = null
    while (!receipt) {
      receipt = (await node('eth_getTransactionReceipt', [hash])) as Receipt
      if (!receipt) await new Promise((r) => setTimeout(r, 50))
    }
    expect(receipt.logs).toHaveLength(10_001)
    const block = receipt.blockNumber
    expect(await one('eth_getLogs', [{ fromBlock: block, toBlock: block }])).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32005, message: 'query returned more than 10000 results' },
    })
    // Narrowed by address (an account that emits nothing), the same block answers.
    expect(
      (await one('eth_getLogs', [{ fromBlock: block, toBlock: block, address: ACCOUNT }])).result,
    ).toEqual([])
  })

  it('refuses state and block overrides on eth_call and eth_estimateGas; plain calls pass', async () => {
    const tx = { from: ACCOUNT, to: ACCOUNT, value: '0x0' }
    const override = { [ACCOUNT]: { balance: '0xffffffffffffffffffffffff' } }
    for (const method of ['eth_call', 'eth_estimateGas']) {
      expect(await one(method, [tx, 'latest', override])).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32602, message: `${method} with state or block overrides is not supported` },
      })
      expect((await one(method, [tx, 'latest'])).result).toMatch(/^0x/)
    }
  })

  it('refuses the filter methods, which live on one node and cost it per client', async () => {
    for (const [method, params] of [
      ['eth_newFilter', [{}]],
      ['eth_newBlockFilter', []],
      ['eth_getFilterChanges', ['0x1']],
      ['eth_uninstallFilter', ['0x1']],
    ] as const)
      expect((await one(method, [...params])).error).toEqual({
        code: 4200,
        message: 'Requested RPC call is not allowed',
      })
  })
})
