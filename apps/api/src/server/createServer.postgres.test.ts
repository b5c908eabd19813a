import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAuthDeps } from '../auth/readAuthDeps.ts'
import type { Db } from '../db/Db.ts'
import { MIGRATIONS, migrate } from '../db/migrate.ts'
import { openDb } from '../db/openDb.ts'
import { type LocalPostgres, startLocalPostgres } from '../db/startLocalPostgres.ts'
import { upsertProject } from '../projects/projects.ts'
import { createServer } from './createServer.ts'

/**
 * The API on a real PostgreSQL (Debian's server, started here; missing binaries fail the test with
 * the command that installs them): a database restart or outage must not end the process. Before
 * the pool listened for errors, the restart below made the idle client's 'error' go unheard and the
 * process (here: the test run) died; a query during the outage answered a bare 500.
 */
const AUTH_ORIGIN = 'http://auth.test'
let pg: LocalPostgres
let db: Db
let server: Server
let base = ''

beforeAll(async () => {
  pg = await startLocalPostgres()
  db = await openDb({ databaseUrl: pg.url, connectTimeoutMs: 2_000 })
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.test'] })
  const auth = readAuthDeps(db, { AUTH_SECRET: 'test-only-secret-for-the-restart-test', AUTH_ORIGIN })
  server = createServer({ db, corsOrigins: [], auth })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}, 60_000)
afterAll(async () => {
  await new Promise<void>((r) => server?.close(() => r()))
  await db?.close()
  await pg?.stop()
}, 30_000)

const config = () => fetch(`${base}/v1/projects/shop/config`)
const session = () =>
  fetch(`${base}/v1/auth/session`, {
    headers: { origin: AUTH_ORIGIN, authorization: 'Bearer x'.padEnd(50, 'y') },
  })

describe('the API on PostgreSQL', () => {
  it('two replicas starting at once migrate one after the other (the second finds nothing to do)', async () => {
    const fresh = await startLocalPostgres()
    const replicas = await Promise.all([1, 2].map(() => openDb({ databaseUrl: fresh.url })))
    try {
      const applied = await Promise.all(replicas.map((replica) => migrate(replica)))
      expect(applied.sort()).toEqual([0, MIGRATIONS.length])
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()))
      await fresh.stop()
    }
  }, 60_000)

  it('survives a database restart: the next request is served on a new connection', async () => {
    expect((await config()).status).toBe(200) // leaves an idle client in the pool
    await pg.restart() // cuts it: 57P01 arrives on a client nobody is using
    const during = await config()
    // Depending on timing the dead client is already dropped (200) or its query fails (503): never a 500.
    expect([200, 503]).toContain(during.status)
    expect((await config()).status).toBe(200)
    expect(await (await config()).json()).toMatchObject({ projectId: 'shop' })
  }, 30_000)

  it('survives a restart during a transaction: the transaction fails alone, the next request is served', async () => {
    // The client is checked out and between two queries when its connection is cut: before the
    // transaction listened on it, its 'error' went unheard and ended the process.
    const cut = db.transaction(async (query) => {
      await query('select 1')
      await pg.restart()
      return query('select 1')
    })
    await expect(cut).rejects.toThrow()
    expect([200, 503]).toContain((await config()).status)
    expect((await config()).status).toBe(200)
  }, 30_000)

  it('answers 503 service_unavailable with Retry-After while the database is down, then serves again', async () => {
    expect((await config()).status).toBe(200)
    await pg.stopServer()
    try {
      for (const res of [await config(), await session()]) {
        expect(res.status).toBe(503)
        expect(res.headers.get('retry-after')).toBe('2')
        expect(await res.json()).toEqual({
          error: { code: 'service_unavailable', message: 'Service Unavailable: try again shortly' },
        })
      }
    } finally {
      await pg.startServer()
    }
    expect((await config()).status).toBe(200)
    // The auth routes reach the database again too: an unknown token is a typed 401, not a 503.
    expect((await session()).status).toBe(401)
  }, 30_000)
})
