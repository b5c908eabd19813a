import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { DatabaseUnavailableError } from './DatabaseUnavailableError.ts'
import type { Db, Query } from './Db.ts'
import { isConnectionLost } from './isConnectionLost.ts'

export type OpenDbParameters = {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string | undefined
  /** PGlite data folder, or `memory://` for an in-memory database (tests). */
  pgliteDir?: string | undefined
  /** PostgreSQL pool size per process (`DATABASE_POOL_MAX`); replicas × this must fit the server's max_connections. */
  poolMax?: number | undefined
  /** How long a request waits for a new connection before it fails as unavailable (`DATABASE_CONNECT_TIMEOUT_MS`). */
  connectTimeoutMs?: number | undefined
  /**
   * A PGlite data directory to start from (its `dumpDataDir`) instead of creating one: a new one runs
   * initdb, about 3.5 s on two cores, a dump loads in about 1.5 (apps/api/test/openTestDb.ts).
   */
  pgliteDump?: Blob | undefined
}

/** A lost connection becomes the retryable DatabaseUnavailableError; any other error is the query's own. */
function classify(error: unknown): unknown {
  if (!isConnectionLost(error)) return error
  const code = (error as { code?: unknown }).code
  return new DatabaseUnavailableError(typeof code === 'string' ? code : 'connection lost')
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    throw classify(error)
  }
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDb({
  databaseUrl,
  pgliteDir = '.data/pglite',
  poolMax = 10,
  connectTimeoutMs = 5_000,
  pgliteDump,
}: OpenDbParameters): Promise<Db> {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: poolMax,
      // Without a limit a request waits forever for a database that is down.
      connectionTimeoutMillis: connectTimeoutMs,
    })
    // An idle client whose server restarts emits 'error'; unheard, it would end the process. The pool
    // has already dropped that client and opens a new connection for the next query. Only the code
    // is logged: the message can carry the host and user of the connection string.
    pool.on('error', (error: Error & { code?: string }) => {
      console.error(
        `database connection lost (${error.code ?? 'no code'}); the pool reconnects on the next query`,
      )
    })
    const query: Query = (sql, params = []) => guarded(async () => (await pool.query(sql, params)).rows)
    return {
      query,
      transaction: (work) =>
        guarded(async () => {
          const client = await pool.connect()
          let broken: Error | undefined
          // While checked out, a lost connection is emitted on the client, not the pool: unheard, it
          // would end the process. Heard, the next query of the work fails, and the client is
          // destroyed on release.
          const onLost = (error: Error) => {
            broken = error
          }
          client.on('error', onLost)
          try {
            await client.query('begin')
            const result = await work(async (sql, params = []) => (await client.query(sql, params)).rows)
            await client.query('commit')
            return result
          } catch (error) {
            // A rollback on a dead connection fails too: the original error is the one to report.
            await client.query('rollback').catch((rollbackError: unknown) => {
              broken = rollbackError instanceof Error ? rollbackError : new Error('rollback failed')
            })
            throw error
          } finally {
            client.off('error', onLost)
            // Released with an error, a broken client is destroyed instead of going back to the pool.
            client.release(broken)
          }
        }),
      close: () => pool.end(),
    }
  }
  if (!pgliteDir.startsWith('memory://')) mkdirSync(pgliteDir, { recursive: true })
  const db = await PGlite.create(pgliteDir, pgliteDump ? { loadDataDir: pgliteDump } : {})
  const query: Query = async <T extends object>(sql: string, params: unknown[] = []) =>
    (await db.query<T>(sql, params)).rows
  return {
    query,
    transaction: (work) =>
      db.transaction((tx) =>
        work(
          async <T extends object>(sql: string, params: unknown[] = []) =>
            (await tx.query<T>(sql, params)).rows,
        ),
      ),
    close: () => db.close(),
  }
}
