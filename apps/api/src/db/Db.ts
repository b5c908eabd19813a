export type Query = <T extends object = Record<string, unknown>>(
  sql: string,
  params?: unknown[],
) => Promise<T[]>

/** The one database seam: the same SQL runs on PGlite (default) and PostgreSQL (`DATABASE_URL`). */
export type Db = {
  query: Query
  /** Runs `work` in one transaction on one connection: committed when it resolves, else rolled back. */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>
  close(): Promise<void>
}
