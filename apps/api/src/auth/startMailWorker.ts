import type { Query } from '../db/Db.ts'
import type { AuthDeps } from './AuthDeps.ts'
import type { Mail } from './createMailer.ts'
import { openMail } from './mailOutbox.ts'

export const MAIL_WORKER_DEFAULTS = {
  /** Rows claimed by one statement, then sent side by side. */
  batchSize: 16,
  /**
   * How long a claim holds its rows: no other worker takes them before it ends. Longer than a batch
   * can take (its sends run side by side, each cut at `sendTimeoutMs`), so a live worker never loses
   * a row it is still sending; a worker that died leaves its rows to the others once it ends.
   */
  leaseMs: 60_000,
  sendTimeoutMs: 20_000,
  /** How often a worker looks for due rows on its own: retries, and what another process left. */
  pollMs: 1_000,
  /** A mail that failed this many times is given up: its text wiped, its row kept as a record. */
  maxAttempts: 8,
  /** The wait after the first failure, doubling after each next one, never longer than the cap. */
  retryBaseMs: 2_000,
  retryCapMs: 5 * 60_000,
}

export type MailWorkerOptions = Partial<typeof MAIL_WORKER_DEFAULTS> & { log?: (line: string) => void }

export type MailWorker = {
  /** Looks for due mails now (a request just committed some), or once the batch in flight is done. */
  wake(): void
  /** Stops polling and claiming; resolves once the batch in flight is sent and its rows settled. */
  stop(): Promise<void>
}

export type ClaimedMail = { id: string; sealed: string | null; attempts: number }

/**
 * Claims up to `limit` due mails in one statement: their lease set to `at + leaseMs`, their attempt
 * counted. Rows another claim has locked (its statement or transaction still running) are skipped,
 * not waited for, and a row leased by a claim that committed no longer matches once locked, so two
 * claims never share a row, on PostgreSQL's connections as on PGlite's one.
 */
export function claimDueMails(
  query: Query,
  at: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedMail[]> {
  return query<ClaimedMail>(
    `update mail_outbox set locked_until = $2, attempts = attempts + 1
     where id in (
       select id from mail_outbox
       where failed_at is null and next_attempt_at <= $1 and (locked_until is null or locked_until <= $1)
       order by next_attempt_at limit $3
       for update skip locked)
     returning id, sealed, attempts`,
    [at, at + leaseMs, limit],
  )
}

/** The wait before the next attempt after `attempts` failed ones: base, doubled each time, capped. */
export function retryDelay(attempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempts - 1))
}

/**
 * What a failed send may say in a log line or the row: nodemailer's error code and the SMTP reply
 * code, never the message, which can quote the recipient's address.
 */
export function describeSendError(error: unknown): string {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    responseCode?: unknown
  }
  const name = typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,31}$/.test(code) ? code : 'ERROR'
  return typeof responseCode === 'number' ? `${name} (SMTP ${responseCode})` : name
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('send timed out'), { code: 'ETIMEOUT' })), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * The mail worker of one API process: sends what requests queued in `mail_outbox` (mailOutbox.ts).
 *
 * Several processes (replicas) share the table, and none sends a mail another is sending: a worker
 * claims due rows in one statement, `for update skip locked`, which sets their lease
 * (`locked_until`) and counts the attempt. Each claimed mail is then sent over SMTP outside any
 * transaction (PGlite has one connection, which a transaction would hold for the whole send), and
 * its row deleted once sent; a failed one is due again after a doubling wait (retryDelay), its lease
 * cleared, or given up at `maxAttempts`: text wiped, row kept as a failure record until purged
 * (purgeExpired.ts). A worker killed after a mail was accepted but before its row was deleted leaves
 * that mail to be sent again once the lease ends: at least once, never lost. Due times and leases
 * read the injected clock, as the auth code's expiries do.
 *
 * Wakes at start, on `wake()` (a request's mails, after its commit) and every `pollMs`. Log lines
 * name mails by their row id only: never an address, a code or a link.
 */
export function startMailWorker(
  { db, keys, mailer, now }: Pick<AuthDeps, 'db' | 'keys' | 'mailer' | 'now'>,
  options: MailWorkerOptions = {},
): MailWorker {
  const { batchSize, leaseMs, sendTimeoutMs, pollMs, maxAttempts, retryBaseMs, retryCapMs } = {
    ...MAIL_WORKER_DEFAULTS,
    ...options,
  }
  const log = options.log ?? ((line: string) => console.error(line))
  let stopped = false
  let pending = false
  let running: Promise<void> | undefined
  // A database outage would otherwise log the same line at every poll: once per streak.
  let lastProblem = ''
  const problem = (text: string) => {
    if (text !== lastProblem) log(`mail worker: ${text}`)
    lastProblem = text
  }

  const claim = () => claimDueMails(db.query, now(), leaseMs, batchSize)

  const giveUp = async (id: string, why: string, attempts: number) => {
    await db.query(
      `update mail_outbox set sealed = null, failed_at = $2, locked_until = null, last_error = $3
       where id = $1`,
      [id, now(), why],
    )
    log(`mail worker: mail ${id} given up after ${attempts} attempt(s) (${why}); its text is wiped`)
  }

  /** Sends one claimed mail and settles its row: deleted, due again later, or given up. */
  const settle = async ({ id, sealed, attempts }: ClaimedMail): Promise<string | undefined> => {
    let mail: Mail
    try {
      mail = openMail(keys, id, sealed ?? '')
    } catch {
      await giveUp(id, 'UNREADABLE', attempts)
      return undefined
    }
    try {
      // The signal takes a late mail out of the SMTP pool's queue or off its connection; the race
      // bounds a mailer that ignores it. Either way the row is settled well inside its lease.
      await withTimeout(mailer.send(mail, AbortSignal.timeout(sendTimeoutMs)), sendTimeoutMs + 1_000)
    } catch (error) {
      const why = describeSendError(error)
      if (attempts >= maxAttempts) {
        await giveUp(id, why, attempts)
        return why
      }
      await db.query(
        'update mail_outbox set next_attempt_at = $2, locked_until = null, last_error = $3 where id = $1',
        [id, now() + retryDelay(attempts, retryBaseMs, retryCapMs), why],
      )
      return why
    }
    await db.query('delete from mail_outbox where id = $1', [id])
    return undefined
  }

  const drain = async () => {
    while (pending && !stopped) {
      pending = false
      try {
        for (;;) {
          const claimed = await claim()
          if (claimed.length === 0) break
          const outcomes = await Promise.allSettled(claimed.map(settle))
          const unsent = new Set(
            outcomes.flatMap((o) => (o.status === 'fulfilled' && o.value ? [o.value] : [])),
          )
          const unsettled = new Set(
            outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : [])),
          )
          const lines = [
            ...(unsent.size > 0 ? [`mails not sent (${[...unsent].join(', ')})`] : []),
            ...(unsettled.size > 0
              ? [`rows not settled (${[...unsettled].join(', ')}): tried again once their lease ends`]
              : []),
          ]
          if (lines.length > 0) problem(lines.join('; '))
          else lastProblem = ''
          if (claimed.length < batchSize || stopped) break
        }
      } catch (error) {
        problem(`claim failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  }

  const wake = () => {
    if (stopped) return
    pending = true
    running ??= drain().finally(() => {
      running = undefined
      // A wake that came after the loop's last look but before this line.
      if (pending && !stopped) wake()
    })
  }

  const timer = setInterval(wake, pollMs)
  timer.unref()
  wake()
  return {
    wake,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
