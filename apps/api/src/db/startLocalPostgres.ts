import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export type LocalPostgres = {
  /** `postgres://postgres@127.0.0.1:PORT/postgres`: trust auth on loopback, no password to leak. */
  url: string
  port: number
  /** Stops the server (fast shutdown: open connections are cut, as in a real restart). */
  stopServer(): Promise<void>
  startServer(): Promise<void>
  /** `pg_ctl restart -m fast`: every connection is terminated (57P01), the server comes back. */
  restart(): Promise<void>
  /** Stops the server and deletes its data folder. */
  stop(): Promise<void>
}

const INSTALL_HINT =
  "install Debian's server with `apt-get install -y --no-install-recommends postgresql` (`npm test` does this when it runs as root)"

/** Debian installs each major version's server under /usr/lib/postgresql/<major>/bin; the newest wins. */
function findBinDir(): string {
  const root = '/usr/lib/postgresql'
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!majors[0])
    throw new Error(`PostgreSQL server binaries (initdb, pg_ctl) not found in ${root}/*/bin: ${INSTALL_HINT}`)
  return join(root, majors[0], 'bin')
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

/**
 * A throwaway PostgreSQL server for tests and the production-shape e2e stack: a fresh cluster in a
 * temporary folder, on loopback, on `port` (a free one when absent). PostgreSQL refuses to run as
 * root, so as root the folder is given to the `postgres` user and every command runs as that user.
 */
export async function startLocalPostgres({ port: wanted }: { port?: number } = {}): Promise<LocalPostgres> {
  const bin = findBinDir()
  const port = wanted ?? (await freePort())
  const dir = mkdtempSync(join(tmpdir(), 'modalkit-pg-'))
  const data = join(dir, 'data')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']).catch(() => {
      throw new Error(`the 'postgres' user does not exist: ${INSTALL_HINT}`)
    })
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const pg = async (tool: string, args: string[]): Promise<void> => {
    const path = join(bin, tool)
    try {
      if (asRoot) await run('runuser', ['-u', 'postgres', '--', path, ...args], { cwd: dir })
      else await run(path, args, { cwd: dir })
    } catch (error) {
      const output = (error as { stderr?: string }).stderr?.trim()
      throw new Error(
        `${tool} ${args[0] ?? ''} failed: ${output || String(error)} (log: ${join(dir, 'log')})`,
      )
    }
  }
  // Settings for a disposable server: no fsync (its data dies with the test), sockets in its folder.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`
  const startServer = () => pg('pg_ctl', ['start', '-w', '-D', data, '-o', options, '-l', join(dir, 'log')])
  const stopServer = () => pg('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', data])
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
  await startServer()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    startServer,
    stopServer,
    restart: () =>
      pg('pg_ctl', ['restart', '-w', '-m', 'fast', '-D', data, '-o', options, '-l', join(dir, 'log')]),
    async stop() {
      await stopServer().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
