import { randomUUID } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from './createServer.ts'

const MODAL = 'http://modal.test'
let db: Db
let server: Server
let base = ''

beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, {
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['https://shop.test', 'https://*.shop.test'],
  })
  await upsertProject(db, {
    id: 'wallets-only',
    name: 'Wallets only',
    allowedOrigins: ['https://shop.test'],
    features: { email: false, socials: false },
  })
  server = createServer({ db, corsOrigins: [MODAL] })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 30_000)
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
  await db.close()
})

const event = (patch: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  url: 'https://a.shop.test/page',
  domain: 'a.shop.test',
  timestamp: 1_760_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN' },
  ...patch,
})
const post = (body: unknown, project = 'shop', site = 'https://a.shop.test') =>
  fetch(`${base}/e?projectId=${project}&st=appkit&sv=0.1.0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SITE_ORIGIN_HEADER]: site },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const stored = async (eventId: string) =>
  (await db.query('select event from analytics_events where event_id = $1', [eventId])).length

describe('GET /v1/projects/:id/config', () => {
  it('answers the remote configuration', async () => {
    const res = await fetch(`${base}/v1/projects/shop/config`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      projectId: 'shop',
      name: 'Shop',
      allowedOrigins: ['https://shop.test', 'https://*.shop.test'],
      features: {},
    })
  })
  it("answers 404 'Invalid Project ID' for an unknown project", async () => {
    const res = await fetch(`${base}/v1/projects/nope/config`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ error: { code: 'invalid_project_id', message: 'Invalid Project ID' } })
  })
  it('answers 400 naming the field for a malformed id', async () => {
    const res = await fetch(`${base}/v1/projects/${encodeURIComponent('a b')}/config`)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: { code: 'validation_error', message: 'invalid project id', field: 'path.projectId' },
    })
  })
})

describe('POST /e (analytics)', () => {
  it('stores an event from an allowed origin', async () => {
    const body = event()
    expect((await post(body)).status).toBe(204)
    expect(await stored(body.eventId)).toBe(1)
  })
  it('stores the same eventId once', async () => {
    const body = event()
    expect((await post(body)).status).toBe(204)
    expect((await post(body)).status).toBe(204)
    expect(await stored(body.eventId)).toBe(1)
  })
  it('skips MODAL_CREATED (SPEC §7)', async () => {
    const body = event({ props: { type: 'track', event: 'MODAL_CREATED' } })
    expect((await post(body)).status).toBe(204)
    expect(await stored(body.eventId)).toBe(0)
  })
  it("refuses a site off the allowlist with 403 'Invalid App Configuration', storing nothing", async () => {
    const body = event({ url: 'https://shop.test.evil.test/', domain: 'shop.test.evil.test' })
    const res = await post(body, 'shop', 'https://shop.test.evil.test')
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_app_configuration',
        message: 'Invalid App Configuration',
        field: `header.${SITE_ORIGIN_HEADER}`,
      },
    })
    expect(await stored(body.eventId)).toBe(0)
  })
  it('takes the site from the handshake origin header, never from the event url', async () => {
    // An unlisted site writing a listed url into its event, or sending no header at all.
    const forged = event({ url: 'https://shop.test/', domain: 'shop.test' })
    expect((await post(forged, 'shop', 'https://evil.test')).status).toBe(403)
    const headerless = await fetch(`${base}/e?projectId=shop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    })
    expect(headerless.status).toBe(403)
    expect(await stored(forged.eventId)).toBe(0)
  })
  it('accepts any origin when e-mail and socials are off (no allowlist to enforce)', async () => {
    const body = event({ url: 'https://anywhere.test/' })
    expect((await post(body, 'wallets-only', 'https://anywhere.test')).status).toBe(204)
  })
  it.each([
    ['a missing eventId', { eventId: undefined }, 'body.eventId', 'invalid_type'],
    ['a timestamp of the wrong type', { timestamp: 'yesterday' }, 'body.timestamp', 'invalid_type'],
    ['an unknown key', { extra: 1 }, 'body.extra', 'unrecognized_keys'],
  ])('answers 400 naming the field for %s', async (_what, patch, field, code) => {
    const res = await post(event(patch))
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      error: { code: 'validation_error', message: `${code}: ${field}`, field },
    })
  })
  it('answers 400 for a missing project id in the query', async () => {
    const res = await fetch(`${base}/e`, { method: 'POST', body: JSON.stringify(event()) })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { field: string } }).error.field).toBe('query.projectId')
  })
  it('answers 404 for an unknown project', async () => {
    const res = await post(event(), 'nope')
    expect(res.status).toBe(404)
  })
  it('answers 400 for invalid JSON and 413 for an oversized body', async () => {
    const bad = await post('{not json')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: { code: 'invalid_json', message: 'the body is not valid JSON', field: 'body' },
    })
    const big = await post(event({ url: `https://shop.test/${'x'.repeat(70_000)}` }))
    expect(big.status).toBe(413)
  })
})

describe('HTTP basics', () => {
  it('allows CORS only for exact configured origins', async () => {
    const ok = await fetch(`${base}/health`, { headers: { origin: MODAL } })
    expect(ok.headers.get('access-control-allow-origin')).toBe(MODAL)
    const other = await fetch(`${base}/health`, { headers: { origin: 'http://evil.test' } })
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await fetch(`${base}/e`, { method: 'OPTIONS', headers: { origin: MODAL } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST')
    expect(preflight.headers.get('access-control-allow-headers')).toContain(SITE_ORIGIN_HEADER)
  })
  it('answers 404 and 405 as JSON, with security headers', async () => {
    const missing = await fetch(`${base}/nope`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'no such route' } })
    expect((await fetch(`${base}/e?projectId=shop`)).status).toBe(405)
  })
  it('runs migrations idempotently', async () => {
    expect(await migrate(db)).toBe(0)
  })
})
