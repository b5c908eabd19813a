import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { type LoginDatabase, startLoginApi } from './loginApi.ts'
import { type LoginLoadRow, loginLoad, loginLoadTable } from './loginLoad.ts'

/**
 * The login part of `npm run bench` on its own (`npx tsx bench/runLoginLoad.ts`): for PGlite and then
 * PostgreSQL, a MailDev catcher and one API on free loopback ports (bench/loginApi.ts), the login
 * endpoints under load, every mail counted in the catcher. `LOGIN_DATABASES=PGlite` runs one;
 * `LOGIN_CONNECTIONS` (16) and `LOGIN_DURATION_MS` (3000) change the load. The machine's load average
 * is printed: a busy machine slows every figure.
 */
const ROOT = resolve(import.meta.dirname, '..')
export const LOGIN_CONNECTIONS = Number(process.env.LOGIN_CONNECTIONS ?? 16)
export const LOGIN_DURATION_MS = Number(process.env.LOGIN_DURATION_MS ?? 3_000)
/** The most AUTH_CLIENT_LIMIT_FACTOR allows: 20,000 starts in 10 minutes, room for the whole run. */
export const LOGIN_CLIENT_LIMIT_FACTOR = 1000

/** One database's row: its own API and catcher, started, measured and stopped. */
export async function measureLogins(database: LoginDatabase, logFile: string): Promise<LoginLoadRow> {
  const api = await startLoginApi({ database, logFile, clientLimitFactor: LOGIN_CLIENT_LIMIT_FACTOR })
  try {
    const result = await loginLoad({
      apiUrl: api.url,
      projectId: api.projectId,
      siteOrigin: api.siteOrigin,
      authOrigin: api.authOrigin,
      mailApiUrl: api.mailApiUrl,
      connections: LOGIN_CONNECTIONS,
      durationMs: LOGIN_DURATION_MS,
    })
    return { database, result }
  } finally {
    await api.stop()
  }
}

async function main(): Promise<void> {
  const databases = (process.env.LOGIN_DATABASES ?? 'PGlite,PostgreSQL')
    .split(',')
    .map((d) => d.trim()) as LoginDatabase[]
  const load = [loadavg()[0]!]
  const rows: LoginLoadRow[] = []
  for (const database of databases)
    rows.push(await measureLogins(database, resolve(ROOT, `bench/results/login-${database}.log`)))
  load.push(loadavg()[0]!)
  console.log(
    `E-mail login endpoints (${LOGIN_CONNECTIONS} connections, ${LOGIN_DURATION_MS / 1000} s per cell; load average ${load.map((l) => l.toFixed(1)).join(' → ')})`,
  )
  console.log(loginLoadTable(rows))
  console.log(JSON.stringify(rows))
}

if (process.argv[1] === import.meta.filename) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
