import type { AddressInfo } from 'node:net'
import { SITE_ORIGIN_HEADER } from '@modalkit/protocol'
import type { AuthDeps } from '../src/auth/AuthDeps.ts'
import { deriveAuthKeys } from '../src/auth/authKeys.ts'
import { createMailer } from '../src/auth/createMailer.ts'
import { parseSmtpUrl } from '../src/auth/parseSmtpUrl.ts'
import { encryptShare } from '../src/auth/shareCipher.ts'
import type { SocialProviders } from '../src/auth/socialProviders.ts'
import type { MailWorkerOptions } from '../src/auth/startMailWorker.ts'
import type { Db } from '../src/db/Db.ts'
import { migrate } from '../src/db/migrate.ts'
import { upsertProject } from '../src/projects/projects.ts'
import { parseTrustProxy } from '../src/server/clientAddress.ts'
import { type ApiServer, createServer } from '../src/server/createServer.ts'
import { openTestDb } from './openTestDb.ts'
import { startMailCatcher } from './startMailCatcher.ts'
import { type SmtpGate, startSmtpGate } from './startSmtpGate.ts'

/**
 * For the auth tests: an API on port 0 over in-memory PGlite, a real MailDev on free ports, a clock
 * the test moves, and helpers to call the API as the secure frame and read the mailbox.
 */
export const AUTH_ORIGIN = 'http://auth.test:15175'
export const SITE = 'https://shop.test'
export const UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

type MailItem = { to: { address: string }[]; subject: string; text: string }

export type AuthTestStack = {
  db: Db
  base: string
  clock: { now: number }
  /** With `smtpGate: true`: the gate between the API's mail worker and the catcher (hold, down, up). */
  smtpGate: SmtpGate | undefined
  /**
   * Writes an auth share straight into the database, as a hostile or broken backend could: for the
   * frame's tests that its keys refuse a share of another seed (the API itself no longer lets a
   * session replace one without the account's signature).
   */
  forceShare(userId: string, share: string): Promise<void>
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>
  /**
   * Mails to `to`, oldest first, once the outbox has sent every mail queued so far and at least
   * `atLeast` of them arrived (waiting up to 5 s).
   */
  mails(to: string, atLeast?: number): Promise<MailItem[]>
  /** Mails to `to` in the catcher now, without waiting for the outbox. */
  inbox(to: string): Promise<MailItem[]>
  lastMail(to: string, atLeast?: number): Promise<MailItem>
  stop(): Promise<void>
}

export async function startAuthTestStack({
  socialProviders = {},
  trustProxy,
  farcasterRpcUrl,
  smtpGate: gated = false,
  mailWorker,
}: {
  socialProviders?: SocialProviders
  /** Puts a gate (startSmtpGate) between the mail worker and the catcher. */
  smtpGate?: boolean
  /** The mail worker's timings (a short poll for the retry tests). */
  mailWorker?: MailWorkerOptions
  /** The chain with Farcaster's ID registry (apps/local-farcaster), for Farcaster login. */
  farcasterRpcUrl?: string
  /** TRUST_PROXY for this API (the test client on loopback then plays the proxy). */
  trustProxy?: string
} = {}) {
  const catcher = await startMailCatcher()
  const mailApi = catcher.apiUrl
  const smtpGate = gated ? await startSmtpGate(catcher.smtpPort) : undefined
  const db = await openTestDb()
  await migrate(db)
  await upsertProject(db, { id: 'shop', name: 'Shop', allowedOrigins: [SITE] })
  await upsertProject(db, {
    id: 'google-only',
    name: 'Google only',
    allowedOrigins: [SITE],
    features: { socials: ['google'] },
  })
  const clock = { now: Date.now() }
  const auth: AuthDeps = {
    db,
    now: () => clock.now,
    keys: deriveAuthKeys('test-secret-test-secret-test-secret!'),
    mailer: createMailer({
      smtp: parseSmtpUrl(`smtp://127.0.0.1:${smtpGate?.port ?? catcher.smtpPort}`, { production: false }),
    }),
    authOrigin: AUTH_ORIGIN,
    apiOrigin: 'http://api.test:18787',
    socialProviders,
    ...(farcasterRpcUrl ? { farcasterRpcUrl } : {}),
  }
  const server: ApiServer = createServer({
    db,
    corsOrigins: ['http://modal.test:15174', AUTH_ORIGIN],
    auth,
    trustProxy: parseTrustProxy(trustProxy),
    ...(mailWorker ? { mailWorker } : {}),
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const inbox = async (to: string): Promise<MailItem[]> => {
    const all = (await (await fetch(`${mailApi}/api/email`)).json()) as MailItem[]
    return all.filter((m) => m.to.some((t) => t.address === to))
  }
  // The API answers before its mails leave (the outbox): a test reads the mailbox once every mail
  // queued so far was sent (or given up), as it could read it when the API sent during the request.
  const outboxPending = async () =>
    (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where failed_at is null'))[0]
      ?.n ?? 0
  const mails = async (to: string, atLeast = 1): Promise<MailItem[]> => {
    const until = Date.now() + 5_000
    for (;;) {
      const settled = (await outboxPending()) === 0
      const mine = await inbox(to)
      if ((settled && mine.length >= atLeast) || Date.now() > until) return mine
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  const stack: AuthTestStack = {
    db,
    base,
    clock,
    smtpGate,
    async forceShare(userId, share) {
      await db.query('update auth_shares set ciphertext = $2 where user_id = $1', [
        userId,
        encryptShare(auth.keys, userId, share),
      ])
    },
    call: (method, path, body, headers = {}) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          origin: AUTH_ORIGIN,
          'user-agent': UA,
          // What the secure frame sends: the site origin the modal's handshake reported.
          [SITE_ORIGIN_HEADER]: SITE,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(10_000),
      }),
    mails,
    inbox,
    async lastMail(to, atLeast = 1) {
      const list = await mails(to, atLeast)
      const last = list.at(-1)
      if (!last || list.length < atLeast) throw new Error(`no mail #${atLeast} to ${to}`)
      return last
    },
    async stop() {
      await new Promise<void>((r) => server.close(() => r()))
      // Held sends fail at once, so the worker settles its rows before the database closes.
      await smtpGate?.close()
      await server.stopMailWorker()
      await catcher.stop()
      await db.close()
    },
  }
  return stack
}

/** The six-digit code of a login mail. */
export const codeOf = (mail: { text: string }) => /\b([0-9]{6})\b/.exec(mail.text)?.[1] ?? ''
/** The approval link of a device-approval mail, pointed at the test API instead of its public name. */
export const approvalPathOf = (mail: { text: string }) =>
  /https?:\/\/[^/\s]+(\/v1\/auth\/device\/approve#token=[-_A-Za-z0-9]+)/.exec(mail.text)?.[1] ?? ''

/** Approves as the mailbox owner does: opens the link (a page with a button), then presses it (POST). */
export async function approveByMail(base: string, mail: { text: string }): Promise<Response> {
  const path = approvalPathOf(mail)
  const token = new URLSearchParams(new URL(path, base).hash.slice(1)).get('token') ?? ''
  return fetch(`${base}/v1/auth/device/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  })
}
