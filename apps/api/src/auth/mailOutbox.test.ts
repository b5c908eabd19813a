import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { until } from '../../test/mailOutboxHelpers.ts'
import {
  type AuthTestStack,
  approvalPathOf,
  approveByMail,
  codeOf,
  SITE,
  startAuthTestStack,
} from '../../test/startAuthTestStack.ts'
import type { SmtpGate } from '../../test/startSmtpGate.ts'
import { purgeExpired } from '../db/purgeExpired.ts'
import { MINUTE } from './AuthDeps.ts'

/**
 * Login mail through the outbox, end to end: the API on PGlite with its mail worker, a real MailDev
 * behind a gate that can hold SMTP (it never greets) or take it down. Before the outbox, the start
 * request sent the mail itself: a held SMTP server held the answer (the call below times out), and
 * SMTP down answered 500.
 */
let s: AuthTestStack
let gate: SmtpGate
let n = 0
const fresh = () => `outbox${++n}-${Date.now()}@example.test`
const DAY = 24 * 60 * MINUTE

beforeAll(async () => {
  s = await startAuthTestStack({ smtpGate: true, mailWorker: { pollMs: 50 } })
  gate = s.smtpGate!
}, 30_000)
afterAll(() => s.stop())
// A new rate-limit window per test (the per-client limit counts all of this file's starts).
beforeEach(() => {
  s.clock.now += 11 * MINUTE
})

const start = (email: string) =>
  s.call('POST', '/v1/auth/email/start', {
    projectId: 'shop',
    email,
    siteOrigin: SITE,
    deviceId: 'device-outbox-0123456789',
  })
type OutboxRow = {
  id: string
  sealed: string | null
  attempts: number
  next_attempt_at: string
  locked_until: string | null
  failed_at: string | null
  last_error: string | null
}
const rows = () => s.db.query<OutboxRow>('select * from mail_outbox')
const onlyRow = async () => {
  const all = await rows()
  expect(all).toHaveLength(1)
  return all[0]!
}

describe('login mail through the outbox', () => {
  it('answers the start before SMTP is reached; the mail follows once SMTP answers', async () => {
    gate.hold()
    const email = fresh()
    const res = await start(email)
    expect(res.status).toBe(200)
    // The worker got to SMTP and waits for its greeting: the mail is not out yet.
    await until('the worker held at SMTP', () => gate.held() > 0)
    expect(await s.inbox(email)).toEqual([])
    gate.release()
    expect((await s.lastMail(email)).subject).toBe('Approve a new device')
    await until('its row deleted once sent', async () => (await rows()).length === 0)
  })

  it('with SMTP down the start still succeeds; the mail is retried with a doubling wait and delivered once SMTP is back', async () => {
    await gate.down()
    const email = fresh()
    expect((await start(email)).status).toBe(200)
    const settled = (attempts: number) => async () => {
      const [row] = await rows()
      return row?.attempts === attempts && row.locked_until === null
    }
    for (const [attempt, wait] of [
      [1, 2_000],
      [2, 4_000],
      [3, 8_000],
    ] as const) {
      await until(`attempt ${attempt} failed`, settled(attempt))
      const row = await onlyRow()
      expect(Number(row.next_attempt_at) - s.clock.now).toBe(wait)
      expect(row.last_error).toMatch(/^[A-Z][A-Z0-9_]+/)
      // Not tried again before it is due (the worker polls every 50 ms).
      await new Promise((r) => setTimeout(r, 200))
      expect((await onlyRow()).attempts).toBe(attempt)
      if (attempt === 3) await gate.up()
      s.clock.now += wait
    }
    expect((await s.lastMail(email)).subject).toBe('Approve a new device')
    await until('its row deleted once sent', async () => (await rows()).length === 0)
    expect(await s.mails(email)).toHaveLength(1)
  })

  it('keeps no code, link or address in the clear while a mail waits', async () => {
    const email = fresh()
    const waiting = async () => {
      await until('the worker held at SMTP', () => gate.held() > 0)
      // Every text column as stored (numbers are times and counts).
      const [row] = await s.db.query<{ id: string; sealed: string; last_error: string | null }>(
        'select id, sealed, last_error from mail_outbox',
      )
      expect(row?.sealed).toMatch(/^v1\.[-_A-Za-z0-9]+\.[A-Za-z0-9+/=]+$/)
      return JSON.stringify(row)
    }
    gate.hold()
    expect((await start(email)).status).toBe(200)
    const approvalRow = await waiting()
    gate.release()
    const approval = await s.lastMail(email)
    const link = approvalPathOf(approval)
    const token = new URLSearchParams(new URL(link, s.base).hash.slice(1)).get('token') ?? ''
    expect(token).toHaveLength(43)
    for (const plain of [email, email.split('@')[0]!, token, SITE]) expect(approvalRow).not.toContain(plain)

    // The code's mail, queued when the device is approved.
    gate.hold()
    expect((await approveByMail(s.base, approval)).status).toBe(200)
    const codeRow = await waiting()
    gate.release()
    const code = codeOf(await s.lastMail(email, 2))
    expect(code).toMatch(/^[0-9]{6}$/)
    for (const plain of [email, email.split('@')[0]!, code, SITE]) expect(codeRow).not.toContain(plain)
    await until('both rows deleted once sent', async () => (await rows()).length === 0)
  })

  it('gives a mail up after 8 failed attempts: its text wiped, a failure record kept until purged', async () => {
    await gate.down()
    const email = fresh()
    expect((await start(email)).status).toBe(200)
    for (let attempt = 1; attempt <= 8; attempt++) {
      await until(`attempt ${attempt} failed`, async () => {
        const [row] = await rows()
        return row?.attempts === attempt && row.locked_until === null
      })
      s.clock.now += 5 * MINUTE // past the longest wait
    }
    const failed = await onlyRow()
    expect(failed).toMatchObject({ sealed: null, attempts: 8, locked_until: null })
    expect(failed.last_error).toMatch(/^[A-Z][A-Z0-9_]+/)
    expect(Number(failed.failed_at)).toBe(s.clock.now - 5 * MINUTE)
    expect(JSON.stringify(failed)).not.toContain(email.split('@')[0]!)
    // Given up: never tried again, even with SMTP back.
    await gate.up()
    s.clock.now += DAY
    await new Promise((r) => setTimeout(r, 200))
    expect((await onlyRow()).attempts).toBe(8)
    expect(await s.inbox(email)).toEqual([])
    // Purged with the other expired rows, a week after it was given up.
    expect((await purgeExpired(s.db, s.clock.now)).mail_outbox).toBe(0)
    expect((await purgeExpired(s.db, Number(failed.failed_at) + 7 * DAY + 1)).mail_outbox).toBe(1)
    expect(await rows()).toEqual([])
  })
})
