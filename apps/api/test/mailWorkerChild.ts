import { deriveAuthKeys } from '../src/auth/authKeys.ts'
import { createMailer } from '../src/auth/createMailer.ts'
import { parseSmtpUrl } from '../src/auth/parseSmtpUrl.ts'
import { startMailWorker } from '../src/auth/startMailWorker.ts'
import { openDb } from '../src/db/openDb.ts'
import { mailerStallingAfter } from './mailOutboxHelpers.ts'

/**
 * A mail worker in a process of its own, for the test that kills one mid-batch
 * (startMailWorker.postgres.test.ts): DATABASE_URL, SMTP_PORT, AUTH_SECRET, and SEND_LIMIT, after which
 * its sends never finish; it claims 8 mails at a time. It prints `stalled` once it holds a send, and
 * waits to be killed.
 */
const env = process.env
const db = await openDb({ databaseUrl: env.DATABASE_URL, poolMax: 2 })
const mailer = mailerStallingAfter(
  createMailer({ smtp: parseSmtpUrl(`smtp://127.0.0.1:${env.SMTP_PORT}`, { production: false }) }),
  Number(env.SEND_LIMIT),
)
startMailWorker(
  { db, keys: deriveAuthKeys(env.AUTH_SECRET ?? ''), mailer, now: Date.now },
  { pollMs: 50, batchSize: 8 },
)
await mailer.stalled
process.stdout.write('stalled\n')
// Alive until killed, whatever its idle connections do.
setInterval(() => {}, 60_000)
