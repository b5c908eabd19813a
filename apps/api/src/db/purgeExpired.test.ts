import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDb } from '../../test/openTestDb.ts'
import { upsertProject } from '../projects/projects.ts'
import type { Db } from './Db.ts'
import { migrate } from './migrate.ts'
import { PURGE_RULES, purgeExpired } from './purgeExpired.ts'

const NOW = 1_900_000_000_000
const DAY = 24 * 60 * 60_000
let db: Db

beforeAll(async () => {
  db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: ['https://shop.test'] })
  await db.query("insert into users (id, email, created_at) values ('u1', 'a@example.test', 0)")
}, 60_000)
afterAll(() => db.close())

/** One row per table that expired long ago (`old`) and one still in use (`live`), as the routes write them. */
async function seed(tag: string, at: number): Promise<void> {
  const q = (sql: string, params: unknown[]) => db.query(sql, params)
  await q(
    `insert into otp_requests (id, purpose, email, state, expires_at, created_at)
       values ($1, 'login', 'a@example.test', 'awaiting_otp', $2, $2)`,
    [`otp-${tag}`, at],
  )
  await q(
    `insert into oauth_states (state_hash, provider, project_id, site_origin, device_id, code_challenge,
       redirect_uri, nonce, expires_at) values ($1, 'google', 'shop', 'https://shop.test', 'd', '', '', 'n', $2)`,
    [`state-${tag}`, at],
  )
  await q('insert into share_nonces (nonce_hash, user_id, expires_at) values ($1, $2, $3)', [
    `n-${tag}`,
    'u1',
    at,
  ])
  await q(
    'insert into sessions (token_hash, user_id, device_id, created_at, expires_at) values ($1, $2, $3, $4, $4)',
    [`s-${tag}`, 'u1', 'd', at],
  )
  await q(
    `insert into siwx_nonces (nonce, project_id, site_origin, expires_at) values ($1, 'shop', 'https://shop.test', $2)`,
    [`sn-${tag}`, at],
  )
  await q(
    `insert into siwx_sessions (token_hash, project_id, site_origin, chain_id, address, message, signature,
       expires_at, created_at) values ($1, 'shop', 'https://shop.test', 'eip155:1', '0xa', 'm', '0x00', $2, $2)`,
    [`ss-${tag}`, at],
  )
  await q('insert into rate_events (bucket, at) values ($1, $2)', [`bucket-${tag}`, at])
  await q(
    `insert into onramp_orders (id, project_id, address, network, asset, crypto_amount, fiat_amount,
       fiat_currency, payment_method, status, created_at)
       values ($1, 'shop', '0xa', 'eip155:1', 'ETH', '1', '20', 'USD', 'card', 'pending', $2)`,
    [`order-${tag}`, at],
  )
  await q('insert into onramp_webhook_events (id, order_id, received_at) values ($1, $2, $3)', [
    `event-${tag}`,
    `order-${tag}`,
    at,
  ])
  // A mail given up (text wiped, a failure record), by the time it was given up.
  await q(
    `insert into mail_outbox (id, sealed, attempts, next_attempt_at, created_at, failed_at, last_error)
       values ($1, null, 8, $2, $2, $2, 'ECONNECTION')`,
    [`mail-${tag}`, at],
  )
}

const count = async (table: string) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n ?? 0

describe('the scheduled purge', () => {
  it('deletes what expired past its grace in every bounded table, and keeps what is live or paid', async () => {
    await seed('old', NOW - 30 * DAY)
    await seed('live', NOW + DAY)
    // A paid order is a record: never purged, however old.
    await db.query(
      `insert into onramp_orders (id, project_id, address, network, asset, crypto_amount, fiat_amount,
         fiat_currency, payment_method, status, created_at)
         values ('paid', 'shop', '0xa', 'eip155:1', 'ETH', '1', '20', 'USD', 'card', 'completed', $1)`,
      [NOW - 30 * DAY],
    )
    const before = Object.fromEntries(
      await Promise.all(PURGE_RULES.map(async ({ table }) => [table, await count(table)] as const)),
    )
    const deleted = await purgeExpired(db, NOW)
    for (const { table } of PURGE_RULES) {
      expect(deleted[table], table).toBe(1)
      expect(await count(table), table).toBe((before[table] ?? 0) - 1)
    }
    expect(
      await db.query("select id from onramp_orders where id in ('paid', 'order-live') order by id"),
    ).toEqual([{ id: 'order-live' }, { id: 'paid' }])
    // A mail still waiting for SMTP is never purged, however old: only its worker settles it.
    await db.query(
      `insert into mail_outbox (id, sealed, attempts, next_attempt_at, created_at)
         values ('waiting', 'v1.k.AAAA', 3, $1, $1)`,
      [NOW - 30 * DAY],
    )
    await purgeExpired(db, NOW)
    expect(await db.query("select id from mail_outbox where id = 'waiting'")).toHaveLength(1)
    // A second run finds nothing more: the purge is idempotent across replicas.
    expect(Object.values(await purgeExpired(db, NOW)).every((n) => n === 0)).toBe(true)
  })

  it('keeps a row just expired through its grace, and deletes it once the grace has passed', async () => {
    await db.query(
      `insert into siwx_nonces (nonce, project_id, site_origin, expires_at) values ('grace', 'shop', 'https://shop.test', $1)`,
      [NOW - 1000],
    )
    await purgeExpired(db, NOW)
    expect(await db.query("select nonce from siwx_nonces where nonce = 'grace'")).toHaveLength(1)
    await purgeExpired(db, NOW + DAY)
    expect(await db.query("select nonce from siwx_nonces where nonce = 'grace'")).toHaveLength(0)
  })
})
