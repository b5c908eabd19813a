import { afterAll, beforeAll, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { createRpcQuota } from './createRpcQuota.ts'

let db: Db
beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
}, 30_000)
afterAll(async () => {
  await db.close()
})

it("decides in memory, and a second replica counts the first one's use once it is written", async () => {
  const clock = { now: 1_000_000 }
  const now = () => clock.now
  const bucket = (cost: number) => [{ key: 'rpc-ip:203.0.113.9', limit: 100, cost }]
  const first = createRpcQuota({ db, now, windowMs: 60_000 })
  await first.hit(bucket(60))
  await first.hit(bucket(30))
  await expect(first.hit(bucket(20))).rejects.toMatchObject({ status: 429, code: 'rate_limited' })
  await first.close() // writes its 90 units
  const second = createRpcQuota({ db, now, windowMs: 60_000 })
  await expect(second.hit(bucket(20))).rejects.toMatchObject({ status: 429 })
  await second.hit(bucket(10))
  // The window passes: the same client is served again.
  clock.now += 60_001
  await second.hit(bucket(100))
  await second.close()
})

it('once closed, a late hit schedules no write: nothing touches the database after close', async () => {
  let queries = 0
  const counted: Db = {
    query: (sql, params) => {
      queries += 1
      return db.query(sql, params)
    },
    transaction: (work) => {
      queries += 1
      return db.transaction(work)
    },
    close: () => db.close(),
  }
  const quota = createRpcQuota({ db: counted, now: () => 5_000_000, windowMs: 60_000 })
  await quota.hit([{ key: 'rpc-ip:203.0.113.10', limit: 100, cost: 1 }])
  await quota.close()
  const afterClose = queries
  await quota.hit([{ key: 'rpc-ip:203.0.113.10', limit: 100, cost: 1 }])
  // Past the 250 ms flush interval: a timer scheduled by the late hit would have written by now.
  await new Promise((resolve) => setTimeout(resolve, 400))
  expect(queries).toBe(afterClose)
})
