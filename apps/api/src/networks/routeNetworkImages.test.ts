import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { BUILT_IN_NETWORK_IDS, getNetwork } from '@modalkit/shared'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { createServer } from '../server/createServer.ts'

let db: Db
let server: Server
let base = ''

beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
  server = createServer({ db, corsOrigins: [] })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 30_000)
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()))
  await db.close()
})

it("serves every built-in network's logo by its image id, as an image that cannot run script", async () => {
  const bodies = new Set<string>()
  for (const id of BUILT_IN_NETWORK_IDS) {
    const imageId = getNetwork(id)?.assets?.imageId
    const res = await fetch(`${base}/v1/networks/${imageId}/image`)
    expect(res.status, id).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    const svg = await res.text()
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/)
    expect(svg).not.toMatch(/<script|on\w+=/i)
    bodies.add(svg)
  }
  // Ethereum, BNB, Solana (three clusters), Bitcoin (two): four marks.
  expect(bodies.size).toBe(4)
})

it('answers 404 for an image id it has no logo for, and 405 for anything but GET', async () => {
  expect((await fetch(`${base}/v1/networks/0000-unknown/image`)).status).toBe(404)
  const imageId = getNetwork('eip155:1')?.assets?.imageId
  expect((await fetch(`${base}/v1/networks/${imageId}/image`, { method: 'POST' })).status).toBe(405)
})
