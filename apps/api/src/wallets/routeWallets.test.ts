import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SITE_ORIGIN_HEADER, walletDirectoryReplySchema } from '@modalkit/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from '../server/createServer.ts'

let db: Db
let server: Server
let base = ''

beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.test'] })
  server = createServer({ db, corsOrigins: [] })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 30_000)
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
  await db.close()
})

const directory = (url: string, site = 'https://shop.test') =>
  fetch(url, { headers: { [SITE_ORIGIN_HEADER]: site } })

describe('GET /v1/wallets', () => {
  it("answers only the project's allowed sites (403 'Invalid App Configuration')", async () => {
    const res = await directory(`${base}/v1/wallets?projectId=shop`, 'https://evil.test')
    expect(res.status).toBe(403)
    expect((await fetch(`${base}/v1/wallets?projectId=shop`)).status).toBe(403)
  })
  it('answers a page of the directory in the protocol shape', async () => {
    const res = await directory(`${base}/v1/wallets?projectId=shop&search=rain&entries=10`)
    expect(res.status).toBe(200)
    const body = walletDirectoryReplySchema.parse(await res.json())
    expect(body.count).toBe(1)
    expect(body.data[0]?.name).toBe('Rainbow')
  })

  it("takes AppKit's include and exclude: only those wallets in that order, or without these", async () => {
    const zerion = 'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18'
    const included = await directory(`${base}/v1/wallets?projectId=shop&include=rainbow,${zerion},metamask`)
    expect(walletDirectoryReplySchema.parse(await included.json()).data.map((w) => w.id)).toEqual([
      'rainbow',
      'zerion',
      'metamask',
    ])
    const excluded = await directory(`${base}/v1/wallets?projectId=shop&exclude=metamask&entries=3`)
    expect(walletDirectoryReplySchema.parse(await excluded.json()).data.map((w) => w.id)).toEqual([
      'trust',
      'coinbase',
      'rainbow',
    ])
    const bad = await directory(`${base}/v1/wallets?projectId=shop&include=rainbow,,x`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'validation_error', field: 'query.include' } })
  })

  it('refuses bad queries and unknown projects with typed errors', async () => {
    const bad = await directory(`${base}/v1/wallets?projectId=shop&namespaces=dogecoin`)
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: { code: 'validation_error', field: 'query.namespaces' } })
    const extra = await directory(`${base}/v1/wallets?projectId=shop&sort=name`)
    expect(extra.status).toBe(400)
    const unknown = await directory(`${base}/v1/wallets?projectId=nope`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ error: { code: 'invalid_project_id' } })
  })

  it('serves a monogram image that cannot run script', async () => {
    const res = await fetch(`${base}/v1/wallets/metamask/image`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const svg = await res.text()
    expect(svg).toMatch(/^<svg [^>]*>.*>M<\/text><\/svg>$/)
    expect(await (await fetch(`${base}/v1/wallets/trust/image`)).text()).toContain('>TW</text>')
    expect(svg).not.toMatch(/<script|href=/)
    expect((await fetch(`${base}/v1/wallets/nope/image`)).status).toBe(404)
  })
})
