import { afterAll, beforeAll, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { hitRateLimit } from './hitRateLimit.ts'

let db: Db
// PGlite's start and the migrations take over 10 s on two loaded cores.
beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
}, 60_000)
afterAll(() => db.close())

const hits = async (
  deps: Parameters<typeof hitRateLimit>[0],
  bucket: Parameters<typeof hitRateLimit>[1][0],
) => {
  let allowed = 0
  for (let i = 0; i < 10; i++) {
    try {
      await hitRateLimit(deps, [bucket])
      allowed++
    } catch (error) {
      expect(error).toMatchObject({ status: 429, code: 'rate_limited' })
    }
  }
  return allowed
}

it('counts each bucket to its limit; the client factor scales per-client buckets only', async () => {
  const now = () => 1_000_000
  expect(await hits({ db, now }, { key: 'plain', limit: 2 })).toBe(2)
  expect(await hits({ db, now }, { key: 'client', limit: 2, perClient: true })).toBe(2)
  expect(
    await hits({ db, now, clientLimitFactor: 3 }, { key: 'client-scaled', limit: 2, perClient: true }),
  ).toBe(6)
  expect(await hits({ db, now, clientLimitFactor: 3 }, { key: 'address', limit: 2 })).toBe(2)
})
