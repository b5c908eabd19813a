import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  caughtMarkers,
  mailerStallingAfter,
  nextWorkerFinishes,
  outboxCount,
  queueMarkedMails,
  until,
} from '../../test/mailOutboxHelpers.ts'
import { openTestDb } from '../../test/openTestDb.ts'
import { type MailCatcher, startMailCatcher } from '../../test/startMailCatcher.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { deriveAuthKeys } from './authKeys.ts'
import { createMailer, type Mail, type Mailer } from './createMailer.ts'
import { enqueueMail, openMail, sealMail, withMail } from './mailOutbox.ts'
import { parseSmtpUrl } from './parseSmtpUrl.ts'
import { MAIL_WORKER_DEFAULTS, retryDelay, startMailWorker } from './startMailWorker.ts'

/**
 * The mail worker on PGlite (one connection, as `npm start` runs it), against a real SMTP catcher.
 * Its PostgreSQL cases (a worker killed, two replicas) are in startMailWorker.postgres.test.ts.
 */
const OLD = 'old-secret-old-secret-old-secret-old!'
const NEW = 'new-secret-new-secret-new-secret-new!'
const keys = deriveAuthKeys(NEW)
const HOUR = 60 * 60_000
let db: Db
let catcher: MailCatcher
let mailer: Mailer

beforeAll(async () => {
  ;[db, catcher] = await Promise.all([openTestDb(), startMailCatcher()])
  await migrate(db)
  mailer = createMailer({ smtp: parseSmtpUrl(`smtp://127.0.0.1:${catcher.smtpPort}`, { production: false }) })
}, 30_000)
afterAll(async () => {
  mailer?.close?.()
  await catcher?.stop()
  await db?.close()
})

const mail: Mail = { to: 'someone@example.test', subject: 'Your login code', text: 'code 123456' }

describe('the sealed mail', () => {
  it('opens with its row id only, and after a rotation with the previous secret', () => {
    const sealed = sealMail(deriveAuthKeys(OLD), 'row-1', mail)
    expect(sealed).toMatch(/^v1\.[-_A-Za-z0-9]+\.[A-Za-z0-9+/=]+$/)
    for (const plain of ['someone', 'example.test', '123456', 'login code'])
      expect(sealed).not.toContain(plain)
    const rotated = deriveAuthKeys(NEW, [OLD])
    expect(openMail(rotated, 'row-1', sealed)).toEqual(mail)
    expect(() => openMail(rotated, 'row-2', sealed)).toThrow(/authenticate/)
    expect(() => openMail(keys, 'row-1', sealed)).toThrow(/unknown key id/)
  })
})

describe('the mail worker', () => {
  it('backs off by doubling from 2 s up to its cap', () => {
    const { retryBaseMs, retryCapMs } = MAIL_WORKER_DEFAULTS
    expect([1, 2, 3, 4, 8, 9, 20].map((n) => retryDelay(n, retryBaseMs, retryCapMs))).toEqual([
      2_000, 4_000, 8_000, 16_000, 256_000, 300_000, 300_000,
    ])
  })

  it('sends at once what a committed transaction queued (withMail wakes it), without waiting for its poll', async () => {
    const worker = startMailWorker({ db, keys, mailer, now: Date.now }, { pollMs: HOUR })
    try {
      await until('the first look at start', async () => (await outboxCount(db)) === 0)
      // Queued without a wake: it waits for the next poll, an hour away.
      await enqueueMail(db.query, { keys, now: Date.now }, { ...mail, text: 'marker:wake-0\n' })
      await new Promise((r) => setTimeout(r, 300))
      expect(await outboxCount(db)).toBe(1)
      // Queued by a request's transaction: the commit wakes the worker, which sends both.
      await withMail({ db, keys, now: Date.now, wakeMailWorker: worker.wake }, (_query, queue) =>
        queue({ ...mail, text: 'marker:wake-1\n' }),
      )
      await until('both sent', async () => (await outboxCount(db)) === 0, 5_000)
      expect(await caughtMarkers(catcher.apiUrl, 'wake')).toEqual(
        new Map([
          ['wake-0', 1],
          ['wake-1', 1],
        ]),
      )
    } finally {
      await worker.stop()
    }
  })

  it('rolls the mail back with its transaction', async () => {
    await expect(
      withMail({ db, keys, now: Date.now }, async (_query, queue) => {
        await queue(mail)
        throw new Error('the request failed')
      }),
    ).rejects.toThrow('the request failed')
    expect(await outboxCount(db)).toBe(0)
  })

  it('a worker abandoned mid-batch: its leased mails wait for the lease to end, then the next worker sends them, each once', async () => {
    await queueMarkedMails(db, keys, 'abandon', 40)
    const stalling = mailerStallingAfter(mailer, 10)
    // Batches of 8 sent side by side: the first batch goes, the second sends 2 and holds 6.
    const first = startMailWorker({ db, keys, mailer: stalling, now: Date.now }, { pollMs: 50, batchSize: 8 })
    await stalling.stalled
    await until('its 10 sent rows deleted', async () => (await outboxCount(db)) === 30)
    void first.stop() // abandoned: its held sends never finish, as in a process that died
    // The 24 never claimed go at once; the 6 leased ones only once the lease has ended.
    await nextWorkerFinishes(db, keys, mailer, 6)
    await until(
      'the catcher has them all',
      async () => (await caughtMarkers(catcher.apiUrl, 'abandon')).size === 40,
    )
    const counts = await caughtMarkers(catcher.apiUrl, 'abandon')
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
  })

  it('stop() waits for the send in flight, settles its row, and polls and claims nothing after', async () => {
    let release = () => {}
    let started = () => {}
    const sending = new Promise<void>((resolve) => {
      started = resolve
    })
    const slow: Mailer = {
      async send(m) {
        started()
        await new Promise<void>((resolve) => {
          release = resolve
        })
        await mailer.send(m)
      },
    }
    const worker = startMailWorker({ db, keys, mailer: slow, now: Date.now }, { pollMs: 50 })
    await queueMarkedMails(db, keys, 'stop', 1)
    await sending
    let stopped = false
    const stopping = worker.stop().then(() => {
      stopped = true
    })
    await new Promise((r) => setTimeout(r, 100))
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(await outboxCount(db)).toBe(0)
    // Stopped: neither its poll (every 50 ms before) nor a wake claims a mail queued after.
    await queueMarkedMails(db, keys, 'after-stop', 1)
    worker.wake()
    await new Promise((r) => setTimeout(r, 200))
    expect(await db.query('select attempts from mail_outbox')).toEqual([{ attempts: 0 }])
    await db.query('delete from mail_outbox')
  })
})
