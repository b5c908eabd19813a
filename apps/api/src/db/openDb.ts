import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Db, Query } from './Db.ts'

export type OpenDbParameters = {
  /** PostgreSQL connection string; PGlite when absent. */
  databaseUrl?: string | undefined
  /** PGlite data folder, or `memory://` for an in-memory database (tests). */
  pgliteDir?: string | undefined
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite. */
export async function openDb({ databaseUrl, pgliteDir = '.data/pglite' }: OpenDbParameters): Promise<Db> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
    const query: Query = async (sql, params = []) => (await pool.query(sql, params)).rows
    return {
      query,
      async transaction(work) {
        const client = await pool.connect()
        try {
          await client.query('begin')
          const result = await work(async (sql, params = []) => (await client.query(sql, params)).rows)
          await client.query('commit')
          return result
        } catch (error) {
          await client.query('rollback')
          throw error
        } finally {
          client.release()
        }
      },
      close: () => pool.end(),
    }
  }
  if (!pgliteDir.startsWith('memory://')) mkdirSync(pgliteDir, { recursive: true })
  const db = await PGlite.create(pgliteDir)
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
