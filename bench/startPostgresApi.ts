import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { resolve } from 'node:path'
import { startLocalPostgres } from '../apps/api/src/db/startLocalPostgres.ts'

const ROOT = resolve(import.meta.dirname, '..')

export type PostgresApi = { url: string; stop(): Promise<void> }

export type StartPostgresApiParameters = {
  port: number
  postgresPort: number
  /** The running stack's settings the API shares: project, origins, SMTP catcher, secret. */
  env: Record<string, string>
  logFile: string
}

/**
 * One more API process, on Debian's PostgreSQL (a throwaway cluster) instead of PGlite, beside the
 * bench's stack: the login load runs against both, so the table shows what the database changes.
 */
export async function startPostgresApi({
  port,
  postgresPort,
  env,
  logFile,
}: StartPostgresApiParameters): Promise<PostgresApi> {
  const postgres = await startLocalPostgres({ port: postgresPort })
  const log = createWriteStream(logFile)
  const child: ChildProcess = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['apps/api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      API_ORIGIN: `http://127.0.0.1:${port}`,
      AUTH_ORIGIN: env.AUTH_ORIGIN,
      CORS_ORIGINS: env.AUTH_ORIGIN,
      SEED_PROJECT_ID: env.DEMO_PROJECT_ID ?? 'demo',
      SEED_PROJECT_NAME: 'Bench',
      SEED_ORIGINS: env.DEMO_ORIGIN,
      AUTH_SECRET: 'modalkit-bench-only-auth-secret-never-use-in-production',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: env.SMTP_PORT,
      DATABASE_URL: postgres.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.pipe(log, { end: false })
  child.stderr?.pipe(log, { end: false })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
    }
    log.end()
    await postgres.stop()
  }
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`the PostgreSQL API stopped (exit ${child.exitCode}); see ${logFile}`)
    }
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the PostgreSQL API did not answer in 60 s; see ${logFile}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}
