import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { testAccount } from '@modalkit/local-chain'
import { type Anvil, startAnvil } from '@modalkit/local-chain/startAnvil'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { parseTrustProxy } from './clientAddress.ts'
import { createRouteLimits, ROUTE_LIMITS } from './createRouteLimits.ts'
import { createServer } from './createServer.ts'

// The attacker is a plain HTTP client with the project's public id and a forged site header, behind
// a trusted proxy that names its address (X-Forwarded-For), so each test is a client of its own. The
// figures are lowered to a few calls so the limits show in a few requests; the real node serves the
// balance reads.
const SITE = 'https://shop.test'
const CHAIN = 'eip155:31337'
const FIGURES = {
  ...ROUTE_LIMITS,
  eventsPerClient: 5,
  eventsPerProject: 12,
  configsPerClient: 4,
  forcedRefreshesPerClient: 3,
}
let anvil: Anvil
let db: Db
let api: Server
let base = ''

beforeAll(async () => {
  anvil = await startAnvil()
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  for (const id of ['other', 'rotate', 'crowd'])
    await upsertProject(db, { id, name: id, allowedOrigins: [SITE] })
  api = createServer({
    db,
    corsOrigins: [],
    upstreams: new Map([[CHAIN, anvil.rpcUrl]]),
    trustProxy: parseTrustProxy('127.0.0.1'),
    routeLimits: FIGURES,
  })
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  await new Promise<void>((r) => api.close(() => r()))
  await db.close()
  anvil.stop()
})

const headers = (client: string) => ({
  'content-type': 'application/json',
  'x-forwarded-for': client,
  [SITE_ORIGIN_HEADER]: SITE,
})
const postEvent = async (client: string, project = 'shop') => {
  const eventId = randomUUID()
  const res = await fetch(`${base}/e?projectId=${project}&st=appkit&sv=0.1.0`, {
    method: 'POST',
    headers: headers(client),
    body: JSON.stringify({
      eventId,
      url: `${SITE}/`,
      domain: 'shop.test',
      timestamp: 1_760_000_000_000,
      props: { type: 'track', event: 'MODAL_OPEN' },
    }),
  })
  const rows = await db.query('select 1 from analytics_events where event_id = $1', [eventId])
  return { status: res.status, stored: rows.length === 1, body: res.status === 204 ? null : await res.json() }
}
const statuses = (replies: { status: number }[]) => replies.map((r) => r.status)

describe('analytics events (POST /e)', () => {
  it('a client past its limit is refused 429 and nothing of it is stored; another client still records', async () => {
    const flood = []
    for (let i = 0; i < 7; i++) flood.push(await postEvent('203.0.113.1'))
    expect(statuses(flood)).toEqual([204, 204, 204, 204, 204, 429, 429])
    expect(flood.map((r) => r.stored)).toEqual([true, true, true, true, true, false, false])
    expect(flood[5]?.body).toEqual({ error: { code: 'rate_limited', message: 'Rate Limited' } })
    expect((await postEvent('203.0.113.2')).status).toBe(204)
  })

  it("rotating addresses ends at the project's own bound; another project's events still record", async () => {
    // Past half of the project's 12, every client keeps one event (a tenth of 5, at least one): an
    // attacker with ever new addresses still ends at the bound.
    const rotated = []
    for (let i = 10; i < 24; i++) rotated.push(await postEvent(`203.0.113.${i}`, 'rotate'))
    expect(statuses(rotated)).toEqual([...Array(12).fill(204), 429, 429])
    expect(rotated.map((r) => r.stored)).toEqual([...Array(12).fill(true), false, false])
    expect((await postEvent('203.0.113.30', 'other')).status).toBe(204)
  })

  it('once the project is crowded the heaviest clients are refused first; a new client still records', async () => {
    const heavy = []
    for (let i = 0; i < 4; i++) heavy.push(await postEvent('198.18.0.1', 'crowd'))
    const light = [await postEvent('198.18.0.2', 'crowd'), await postEvent('198.18.0.2', 'crowd')]
    expect(statuses([...heavy, ...light])).toEqual(Array(6).fill(204))
    // Six of the project's 12 are drawn: the heavy client, under its own 5, is refused, and so is the
    // light one past its one; the project is far from its bound, and a new client is served.
    expect((await postEvent('198.18.0.1', 'crowd')).status).toBe(429)
    expect((await postEvent('198.18.0.2', 'crowd')).status).toBe(429)
    const fresh = await postEvent('198.18.0.3', 'crowd')
    expect(fresh).toMatchObject({ status: 204, stored: true })
  })
})

describe('bundler calls (POST /v1/bundler)', () => {
  it('once the project is crowded the heaviest clients are refused first; the project bound holds', async () => {
    const limits = createRouteLimits({
      db,
      now: Date.now,
      figures: { ...FIGURES, bundlerCallsPerClient: 20, bundlerCallsPerProject: 40 },
    })
    const call = (client: string) =>
      limits.bundlerCall(client, 'crowd').then(
        () => 200,
        (error: { status?: number }) => error.status,
      )
    const heavy = []
    for (let i = 0; i < 15; i++) heavy.push(await call('198.18.1.1'))
    const other = []
    for (let i = 0; i < 6; i++) other.push(await call('198.18.1.2'))
    expect([...heavy, ...other]).toEqual([...Array(20).fill(200), 429])
    // Half of the project's 40 drawn: the heavy client is refused though under its own 20.
    expect(await call('198.18.1.1')).toBe(429)
    // Each new client gets two (a tenth of 20) until the bound: ten of them fill the other 20.
    const rotated = []
    for (let i = 3; i < 14; i++) rotated.push(await call(`198.18.1.${i}`), await call(`198.18.1.${i}`))
    expect(rotated).toEqual([...Array(20).fill(200), 429, 429])
    await limits.close()
  })
})

describe('the remote configuration (GET /v1/projects/:id/config)', () => {
  it('a client past its limit is refused 429; another client still reads it', async () => {
    const read = (client: string) =>
      fetch(`${base}/v1/projects/shop/config`, { headers: headers(client) }).then((r) => r.status)
    const flood = []
    for (let i = 0; i < 6; i++) flood.push(await read('198.51.100.1'))
    expect(flood).toEqual([200, 200, 200, 200, 429, 429])
    expect(await read('198.51.100.2')).toBe(200)
  })

  it('an IPv6 client is one client across its /64', async () => {
    const read = (client: string) =>
      fetch(`${base}/v1/projects/shop/config`, { headers: headers(client) }).then((r) => r.status)
    const flood = []
    for (let i = 1; i <= 5; i++) flood.push(await read(`2001:db8:1:2::${i}`))
    expect(flood).toEqual([200, 200, 200, 200, 429])
    expect(await read('2001:db8:1:3::1')).toBe(200)
  })
})

describe('balance reads past the cache (forceUpdate)', () => {
  const balance = (client: string, force: boolean) =>
    fetch(
      `${base}/v1/account/${testAccount(3).address}/balance?projectId=shop&chainId=${CHAIN}${force ? '&forceUpdate=true' : ''}`,
      { headers: headers(client) },
    ).then((r) => r.status)

  it('forced reads past the limit are refused 429; the cached read still answers', async () => {
    const forced = []
    for (let i = 0; i < 5; i++) forced.push(await balance('192.0.2.1', true))
    expect(forced).toEqual([200, 200, 200, 429, 429])
    expect(await balance('192.0.2.1', false)).toBe(200)
    expect(await balance('192.0.2.2', true)).toBe(200)
  })
})
