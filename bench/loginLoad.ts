import { randomBytes } from 'node:crypto'
import { type StatusLoopReturnType, statusLoop } from './statusLoop.ts'

export type LoginLoadParameters = {
  /** The API's base URL (loopback). */
  apiUrl: string
  projectId: string
  /** An origin the project allows: the site the modal names in its header. */
  siteOrigin: string
  /** The secure frame's origin: the only one the auth routes answer (CORS and Origin check). */
  authOrigin: string
  /** The catcher's REST API (MailDev's `/api/email`): every mail the run caused must arrive there. */
  mailApiUrl: string
  connections: number
  durationMs: number
  /** Starts sent before the measured run (not counted in its figures; their mails are): a new API's first requests compile its code. */
  warmupMs?: number
}

/** The run's mails in the catcher (warm-up and measured starts), against the starts that answered 200 (each mails once). */
export type MailDelivery = {
  expected: number
  delivered: number
  /** Mails that arrived more than once for one address (each start has an address of its own). */
  duplicates: number
  /** From the end of the start run until the last of its mails arrived (or the wait gave up). */
  drainMs: number
}

export type LoginLoadReturnType = {
  /**
   * `POST /v1/auth/email/start`, a new address each time. The API's per-client limit is lifted for
   * this client (AUTH_CLIENT_LIMIT_FACTOR on the bench's own API), so this is the endpoint's figure.
   */
  start: StatusLoopReturnType
  /** `POST /v1/auth/email/verify` with wrong codes for one login, until its limits answer 429. */
  verify: StatusLoopReturnType
  mail: MailDelivery
}

const SITE_ORIGIN_HEADER = 'x-modalkit-site-origin'

type CaughtMail = { to: { address: string }[] }

/**
 * Waits until the catcher holds `expected` mails to the run's addresses (those starting with
 * `prefix`), or until none arrived for 15 s, at most 2 minutes.
 */
async function waitForMails(mailApiUrl: string, prefix: string, expected: number): Promise<MailDelivery> {
  const begin = performance.now()
  let last = { total: -1, distinct: 0, at: begin }
  for (;;) {
    const all = (await (await fetch(`${mailApiUrl}/api/email`)).json()) as CaughtMail[]
    const addresses = all.flatMap((m) => m.to.map((t) => t.address)).filter((a) => a.startsWith(prefix))
    const now = performance.now()
    if (addresses.length !== last.total)
      last = { total: addresses.length, distinct: new Set(addresses).size, at: now }
    if (last.total >= expected || now - last.at > 15_000 || now - begin > 120_000)
      return {
        expected,
        delivered: last.distinct,
        duplicates: last.total - last.distinct,
        drainMs: last.at - begin,
      }
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * The e-mail login endpoints under load (a figure in docs/benchmarks.md): how many answers per
 * second, p50/p99, and what they answered; then whether every mail the starts caused reached the
 * catcher, once. Nothing may answer 5xx.
 */
export async function loginLoad({
  apiUrl,
  projectId,
  siteOrigin,
  authOrigin,
  mailApiUrl,
  connections,
  durationMs,
  warmupMs = 1_000,
}: LoginLoadParameters): Promise<LoginLoadReturnType> {
  const run = randomBytes(4).toString('hex')
  const prefix = `bench-${run}-`
  const deviceId = randomBytes(16).toString('base64url')
  const headers = { [SITE_ORIGIN_HEADER]: siteOrigin, origin: authOrigin }
  const startBody = (i: number) =>
    JSON.stringify({ projectId, email: `${prefix}${i}@example.test`, siteOrigin, deviceId })
  const warmup = await statusLoop({
    url: `${apiUrl}/v1/auth/email/start`,
    body: (i) => startBody(500_000 + i),
    headers,
    connections,
    durationMs: warmupMs,
    maxRequests: 100_000,
  })
  const start = await statusLoop({
    url: `${apiUrl}/v1/auth/email/start`,
    body: startBody,
    headers,
    connections,
    durationMs,
    maxRequests: 100_000,
  })
  // Every start answered 200 mailed one address of its own: all of them must arrive, once each.
  const sent = (warmup.statuses['200'] ?? 0) + (start.statuses['200'] ?? 0)
  const mail = await waitForMails(mailApiUrl, prefix, sent)
  // One login to verify against (its mail is not counted above).
  const first = await fetch(`${apiUrl}/v1/auth/email/start`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ projectId, email: `verify-${run}@example.test`, siteOrigin, deviceId }),
  })
  const requestId = first.ok ? ((await first.json()) as { requestId: string }).requestId : 'x'.repeat(22)
  const verify = await statusLoop({
    url: `${apiUrl}/v1/auth/email/verify`,
    body: (i) => JSON.stringify({ requestId, otp: String(i % 1_000_000).padStart(6, '0') }),
    headers,
    connections,
    durationMs,
    maxRequests: 100_000,
  })
  return { start, verify, mail }
}

export type LoginLoadRow = { database: string; result: LoginLoadReturnType }

const ms = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(1)} ms`)
const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count}×${status}`)
    .join(' ')

/** `delivered/expected in N s`, and how many arrived twice when any did. */
const mailText = ({ expected, delivered, duplicates, drainMs }: MailDelivery) =>
  `${delivered}/${expected} in ${(drainMs / 1000).toFixed(1)} s${duplicates ? `, ${duplicates} twice` : ''}`

/**
 * The rows as a fixed-width table. "5xx or no answer" must read 0: the limits may refuse (429), the
 * endpoints may refuse a wrong code (4xx), nothing may fail. "mails" (start rows) must read every
 * expected mail delivered, none twice; the time is how long after the run the last one arrived.
 */
export function loginLoadTable(rows: readonly LoginLoadRow[]): string {
  const header = ['database', 'endpoint', 'answers/s', 'p50', 'p99', 'answers', '5xx or no answer', 'mails']
  const lines = rows.flatMap(({ database, result }) =>
    (['start', 'verify'] as const).map((endpoint) => {
      const run = result[endpoint]
      const failed = Object.entries(run.statuses)
        .filter(([status]) => status === 'error' || status.startsWith('5'))
        .reduce((sum, [, count]) => sum + count, 0)
      return [
        database,
        endpoint === 'start' ? 'e-mail start' : 'code verify',
        run.perSecond.toFixed(0),
        ms(run.p50),
        ms(run.p99),
        statusText(run.statuses),
        String(failed),
        endpoint === 'start' ? mailText(result.mail) : '—',
      ]
    }),
  )
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  return [format(header), ...lines.map(format)].join('\n')
}
