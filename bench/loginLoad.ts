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
  connections: number
  durationMs: number
}

export type LoginLoadReturnType = {
  /** `POST /v1/auth/email/start`, a new address each time, until the per-client limit answers 429. */
  start: StatusLoopReturnType
  /** `POST /v1/auth/email/verify` with wrong codes for one login, until its limits answer 429. */
  verify: StatusLoopReturnType
}

const SITE_ORIGIN_HEADER = 'x-modalkit-site-origin'

/**
 * The e-mail login endpoints under load (a figure in docs/benchmarks.md): how many answers per
 * second, p50/p99, and what they answered. The rate limits must end each run in 429s, and nothing
 * may answer 5xx.
 */
export async function loginLoad({
  apiUrl,
  projectId,
  siteOrigin,
  authOrigin,
  connections,
  durationMs,
}: LoginLoadParameters): Promise<LoginLoadReturnType> {
  const run = randomBytes(4).toString('hex')
  const deviceId = randomBytes(16).toString('base64url')
  const headers = { [SITE_ORIGIN_HEADER]: siteOrigin, origin: authOrigin }
  const startBody = (i: number) =>
    JSON.stringify({ projectId, email: `bench-${run}-${i}@example.test`, siteOrigin, deviceId })
  const start = await statusLoop({
    url: `${apiUrl}/v1/auth/email/start`,
    body: startBody,
    headers,
    connections,
    durationMs,
    maxRequests: 100_000,
  })
  // One login to verify against: a fresh client address is not available on loopback, so the start
  // limit may already answer 429; the verify run then measures the refusal path, and says so.
  const first = await fetch(`${apiUrl}/v1/auth/email/start`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: startBody(1_000_000),
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
  return { start, verify }
}

export type LoginLoadRow = { database: string; result: LoginLoadReturnType }

const ms = (v: number | undefined) => (v === undefined ? '—' : `${v.toFixed(1)} ms`)
const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${count}×${status}`)
    .join(' ')

/**
 * The rows as a fixed-width table. "5xx or no answer" must read 0: the limits may refuse (429), the
 * endpoints may refuse a wrong code (4xx), nothing may fail.
 */
export function loginLoadTable(rows: readonly LoginLoadRow[]): string {
  const header = ['database', 'endpoint', 'answers/s', 'p50', 'p99', 'answers', '5xx or no answer']
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
      ]
    }),
  )
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')
  return [format(header), ...lines.map(format)].join('\n')
}
