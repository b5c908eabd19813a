import { type ChildProcess, spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  caughtMarkers,
  nextWorkerFinishes,
  outboxCount,
  queueMarkedMails,
  until,
} from '../../test/mailOutboxHelpers.ts'
import { type MailCatcher, startMailCatcher } from '../../test/startMailCatcher.ts'
import type { Db } from '../db/Db.ts'
import { migrate } from '../db/migrate.ts'
import { openDb } from '../db/openDb.ts'
import { type LocalPostgres, startLocalPostgres } from '../db/startLocalPostgres.ts'
import { deriveAuthKeys } from './authKeys.ts'
import { createMailer, type Mailer } from './createMailer.ts'
import { parseSmtpUrl } from './parseSmtpUrl.ts'
import { claimDueMails, MAIL_WORKER_DEFAULTS, startMailWorker } from './startMailWorker.ts'

/**
 * The mail worker on PostgreSQL, as replicas run it: each claim is leased and skips rows another
 * worker holds, so no mail goes out twice, and a worker that dies mid-batch loses none.
 */
const ROOT = resolve(import.meta.dirname, '../../../..')
const SECRET = 'test-secret-for-the-mail-worker-tests!'
const keys = deriveAuthKeys(SECRET)
let pg: LocalPostgres
let db: Db
let catcher: MailCatcher
let mailer: Mailer

beforeAll(async () => {
  ;[pg, catcher] = await Promise.all([startLocalPostgres(), startMailCatcher()])
  db = await openDb({ databaseUrl: pg.url })
  await migrate(db)
  mailer = createMailer({ smtp: parseSmtpUrl(`smtp://127.0.0.1:${catcher.smtpPort}`, { production: false }) })
}, 60_000)
afterAll(async () => {
  mailer?.close?.()
  await db?.close()
  await Promise.all([pg?.stop(), catcher?.stop()])
})

const expectEachOnce = async (tag: string, count: number) => {
  await until(
    `all ${count} in the catcher`,
    async () => (await caughtMarkers(catcher.apiUrl, tag)).size === count,
  )
  const caught = await caughtMarkers(catcher.apiUrl, tag)
  expect([...caught.entries()].filter(([, times]) => times !== 1)).toEqual([])
}

describe('the mail worker on PostgreSQL', () => {
  it('a worker killed mid-batch (SIGKILL) loses no mail and sends none twice: another finishes once the lease ends', async () => {
    await queueMarkedMails(db, keys, 'killed', 40)
    // Sends 10 (a batch of 8 and 2 of the next), then holds the other 6 of that batch, leased.
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(ROOT, 'apps/api/test/mailWorkerChild.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: pg.url,
          SMTP_PORT: String(catcher.smtpPort),
          AUTH_SECRET: SECRET,
          SEND_LIMIT: '10',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    const exited = new Promise((r) => child.once('exit', r))
    try {
      let output = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      await until('the child holding a send', () => output.includes('stalled'), 30_000)
      await until('its 10 sent rows deleted', async () => (await outboxCount(db)) === 30)
    } finally {
      child.kill('SIGKILL')
      await exited
    }
    expect((await caughtMarkers(catcher.apiUrl, 'killed')).size).toBe(10)
    // The next worker sends the 24 never claimed, and the 6 once their lease has ended.
    await nextWorkerFinishes(db, keys, mailer, 6)
    await expectEachOnce('killed', 40)
  }, 60_000)

  it('two claims at the same moment never share a row: the second skips what the first holds', async () => {
    const replicas = await Promise.all([1, 2].map(() => openDb({ databaseUrl: pg.url })))
    await queueMarkedMails(db, keys, 'claims', 10)
    try {
      const lease = MAIL_WORKER_DEFAULTS.leaseMs
      // The first claim's transaction stays open (its rows locked) while the second claims.
      let second: string[] = []
      const first = await replicas[0]!.transaction(async (query) => {
        const mine = await claimDueMails(query, Date.now(), lease, 6)
        second = (await claimDueMails(replicas[1]!.query, Date.now(), lease, 6)).map((r) => r.id)
        return mine.map((r) => r.id)
      })
      expect(first).toHaveLength(6)
      expect(second).toHaveLength(4)
      expect(first.filter((id) => second.includes(id))).toEqual([])
      // Committed, every row is leased: a third claim finds nothing due.
      expect(await claimDueMails(replicas[1]!.query, Date.now(), lease, 10)).toEqual([])
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()))
      await db.query('delete from mail_outbox')
    }
  })

  it('two workers over one database (two replicas) send 40 mails, each exactly once', async () => {
    const replicas = await Promise.all([1, 2].map(() => openDb({ databaseUrl: pg.url })))
    await queueMarkedMails(db, keys, 'replicas', 40)
    const sent = [0, 0]
    // Each send takes a moment, so both workers are claiming while the other sends.
    const counting = (index: number): Mailer => ({
      async send(mail) {
        await new Promise((r) => setTimeout(r, 20))
        await mailer.send(mail)
        sent[index]!++
      },
    })
    const workers = replicas.map((replica, index) =>
      startMailWorker({ db: replica, keys, mailer: counting(index), now: Date.now }, { pollMs: 50 }),
    )
    try {
      await until('every mail sent', async () => (await outboxCount(db)) === 0, 30_000)
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()))
      await Promise.all(replicas.map((replica) => replica.close()))
    }
    await expectEachOnce('replicas', 40)
    expect(sent[0]! + sent[1]!).toBe(40)
    expect(sent[0]).toBeGreaterThan(0)
    expect(sent[1]).toBeGreaterThan(0)
  }, 60_000)
})
