import { expect } from 'vitest'
import type { AuthKeys } from '../src/auth/authKeys.ts'
import type { Mail, Mailer } from '../src/auth/createMailer.ts'
import { enqueueMail } from '../src/auth/mailOutbox.ts'
import { MAIL_WORKER_DEFAULTS, startMailWorker } from '../src/auth/startMailWorker.ts'
import type { Db } from '../src/db/Db.ts'

/** Queues `count` mails, each to an address of its own and with a marker of its own in its text. */
export async function queueMarkedMails(db: Db, keys: AuthKeys, tag: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await enqueueMail(
      db.query,
      { keys, now: Date.now },
      {
        to: `${tag}-${i}@example.test`,
        subject: 'Marked',
        text: `marker:${tag}-${i}\n`,
      },
    )
}

/** How many times each marker of `tag` arrived in the catcher (MailDev's REST API). */
export async function caughtMarkers(mailApiUrl: string, tag: string): Promise<Map<string, number>> {
  const all = (await (await fetch(`${mailApiUrl}/api/email`)).json()) as { text: string }[]
  const seen = new Map<string, number>()
  for (const { text } of all) {
    const marker = /marker:(\S+)/.exec(text)?.[1]
    if (marker?.startsWith(`${tag}-`)) seen.set(marker, (seen.get(marker) ?? 0) + 1)
  }
  return seen
}

export const outboxCount = async (db: Db): Promise<number> =>
  (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox'))[0]?.n ?? 0

/** Polls `check` every 20 ms until it holds, or fails after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/**
 * A real mailer that sends its first `limit` mails and then never finishes a send: the state of a
 * worker that died mid-batch, its claimed rows still leased. `stalled` resolves at the first held send.
 */
export function mailerStallingAfter(mailer: Mailer, limit: number): Mailer & { stalled: Promise<void> } {
  let started = 0
  let stall = () => {}
  const stalled = new Promise<void>((resolve) => {
    stall = resolve
  })
  return {
    stalled,
    send(mail: Mail) {
      if (++started <= limit) return mailer.send(mail)
      stall()
      return new Promise<void>(() => {})
    },
  }
}

/**
 * After a worker left `leased` rows under its lease (abandoned or killed mid-batch), a next worker
 * sends the never-claimed ones at once, leaves the leased ones alone, and sends them once the lease
 * has ended (its clock moved past it). Ends with the outbox empty.
 */
export async function nextWorkerFinishes(
  db: Db,
  keys: AuthKeys,
  mailer: Mailer,
  leased: number,
): Promise<void> {
  const [held] = await db.query<{ n: number }>(
    'select count(*)::int as n from mail_outbox where locked_until > $1',
    [Date.now()],
  )
  expect(held?.n).toBe(leased)
  let shift = 0
  const next = startMailWorker({ db, keys, mailer, now: () => Date.now() + shift }, { pollMs: 50 })
  try {
    await until('the unleased sent', async () => (await outboxCount(db)) === leased)
    await new Promise((r) => setTimeout(r, 200))
    expect(await outboxCount(db)).toBe(leased) // no leased mail went before its lease ended
    shift = MAIL_WORKER_DEFAULTS.leaseMs + 1
    await until('every mail sent', async () => (await outboxCount(db)) === 0)
  } finally {
    await next.stop()
  }
}
