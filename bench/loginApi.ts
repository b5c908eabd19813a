import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { type LocalPostgres, startLocalPostgres } from '../apps/api/src/db/startLocalPostgres.ts'

const ROOT = resolve(import.meta.dirname, '..')

export type LoginDatabase = 'PGlite' | 'PostgreSQL'

export type LoginApi = {
  database: LoginDatabase
  /** The API's base URL on loopback. */
  url: string
  /** The catcher's REST API (MailDev's `/api/email`). */
  mailApiUrl: string
  projectId: string
  siteOrigin: string
  authOrigin: string
  stop(): Promise<void>
}

export type StartLoginApiParameters = {
  database: LoginDatabase
  /** Where the API's and the catcher's output go. */
  logFile: string
  /**
   * AUTH_CLIENT_LIMIT_FACTOR for this API alone: the load comes from one loopback client, whose real
   * per-client limit (20 starts in 10 minutes) would make the figure the limiter's. Test stack only
   * (MODALKIT_TEST_STACK=true here); the API refuses it in production.
   */
  clientLimitFactor: number
}

const SITE = 'http://site.bench'
const AUTH_ORIGIN = 'http://auth.bench'
const PROJECT_ID = 'bench'

/** A port the system just handed out and released: the children below bind it a moment later. */
function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => done(port))
    })
  })
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

/**
 * The login endpoints' own stack for the bench: a MailDev catcher and one API process (PGlite in
 * memory, as the e2e stack's, or a throwaway PostgreSQL cluster), each a child of its own on free
 * loopback ports, so the load generator's process does no SMTP work and no other stack is touched.
 * The API is started as `node --import tsx`, one process, as `scripts/start.ts` starts it.
 */
export async function startLoginApi({
  database,
  logFile,
  clientLimitFactor,
}: StartLoginApiParameters): Promise<LoginApi> {
  const log = createWriteStream(logFile, { flags: 'a' })
  const children: ChildProcess[] = []
  let postgres: LocalPostgres | undefined
  const start = (command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout?.pipe(log, { end: false })
    child.stderr?.pipe(log, { end: false })
    children.push(child)
    return child
  }
  const stop = async () => {
    await Promise.all(children.map(stopChild))
    await postgres?.stop()
    log.end()
  }
  try {
    const [smtpPort, webPort, apiPort] = [await freePort(), await freePort(), await freePort()]
    const mailApiUrl = `http://127.0.0.1:${webPort}`
    start(
      resolve(ROOT, 'node_modules/.bin/maildev'),
      ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'],
      { PATH: process.env.PATH ?? '' },
    )
    if (database === 'PostgreSQL') postgres = await startLocalPostgres()
    const { DATABASE_URL: _inherited, ...env } = process.env
    const api = start(process.execPath, ['--import', 'tsx', resolve(ROOT, 'apps/api/src/main.ts')], {
      ...env,
      API_HOST: '127.0.0.1',
      API_PORT: String(apiPort),
      API_ORIGIN: `http://127.0.0.1:${apiPort}`,
      AUTH_ORIGIN,
      CORS_ORIGINS: AUTH_ORIGIN,
      SEED_PROJECT_ID: PROJECT_ID,
      SEED_PROJECT_NAME: 'Bench',
      SEED_ORIGINS: SITE,
      AUTH_SECRET: 'modalkit-bench-only-auth-secret-never-use-in-production',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtpPort),
      MODALKIT_TEST_STACK: 'true',
      AUTH_CLIENT_LIMIT_FACTOR: String(clientLimitFactor),
      ...(postgres ? { DATABASE_URL: postgres.url } : { PGLITE_DIR: 'memory://' }),
    })
    const url = `http://127.0.0.1:${apiPort}`
    const deadline = Date.now() + 180_000
    const answers = (target: string) =>
      fetch(target).then(
        (r) => r.ok,
        () => false,
      )
    for (const target of [`${url}/health`, `${mailApiUrl}/api/email`]) {
      while (!(await answers(target))) {
        if (api.exitCode !== null)
          throw new Error(`the ${database} API stopped (exit ${api.exitCode}); see ${logFile}`)
        if (Date.now() > deadline) throw new Error(`${target} did not answer in 180 s; see ${logFile}`)
        await new Promise((r) => setTimeout(r, 200))
      }
    }
    return {
      database,
      url,
      mailApiUrl,
      projectId: PROJECT_ID,
      siteOrigin: SITE,
      authOrigin: AUTH_ORIGIN,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
