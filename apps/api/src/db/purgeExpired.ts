import type { Db } from './Db.ts'

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

/**
 * What each table keeps, and for how long after it stops mattering. Every table a stranger's request
 * can add rows to is bounded here or by its own cap (`nft_images`, serveNftImage.ts): codes, login
 * states, nonces and sessions a day after they expired or were revoked (long enough to read a log
 * line about them); rate-limit events an hour after the longest window (10 minutes); unpaid on-ramp
 * orders and webhook receipts after a week (a receipt is refused after 5 minutes by its signed time
 * anyway); the records of mails given up (their text already wiped) a week after. Paid orders, users,
 * shares and their versions are records and stay; a mail not yet sent or given up is never purged.
 */
export const PURGE_RULES: readonly { table: string; expired: string; keep: number }[] = [
  { table: 'otp_requests', expired: 'expires_at < $1', keep: DAY },
  { table: 'oauth_states', expired: 'expires_at < $1', keep: DAY },
  { table: 'share_nonces', expired: 'expires_at < $1', keep: DAY },
  { table: 'sessions', expired: 'expires_at < $1 or revoked_at < $1', keep: DAY },
  { table: 'siwx_nonces', expired: 'expires_at < $1', keep: DAY },
  { table: 'siwx_sessions', expired: 'expires_at < $1 or revoked_at < $1', keep: DAY },
  { table: 'rate_events', expired: 'at < $1', keep: HOUR },
  { table: 'onramp_orders', expired: "status = 'pending' and created_at < $1", keep: 7 * DAY },
  { table: 'onramp_webhook_events', expired: 'received_at < $1', keep: 7 * DAY },
  { table: 'mail_outbox', expired: 'failed_at < $1', keep: 7 * DAY },
]

/** Deletes what PURGE_RULES no longer keep; safe from any number of replicas at once. Rows deleted, per table. */
export async function purgeExpired(db: Db, now: number): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {}
  for (const { table, expired, keep } of PURGE_RULES) {
    const rows = await db.query(`delete from ${table} where ${expired} returning 1`, [now - keep])
    deleted[table] = rows.length
  }
  return deleted
}

/** How often each replica purges. */
export const PURGE_INTERVAL_MS = HOUR

/**
 * Purges now and then every PURGE_INTERVAL_MS, without keeping the process alive; a failed run is
 * logged and the next one tries again. Returns the stop function.
 */
export function startPurge(db: Db, now: () => number, log: (line: string) => void = console.error) {
  const run = () => {
    purgeExpired(db, now()).catch((error: unknown) => log(`purge failed: ${String(error)}`))
  }
  run()
  const timer = setInterval(run, PURGE_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
