/** Socket-level failures: the server is gone or refused us. */
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN'])
/**
 * PostgreSQL SQLSTATEs that mean "this connection or server is going away", not "this statement is
 * wrong": 57P01 admin_shutdown (a restart), 57P02 crash_shutdown, 57P03 cannot_connect_now (still
 * starting), 53300 too_many_connections; class 08 is connection exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** node-postgres reports these without a code. */
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /not queryable/i,
]

/**
 * Whether a database error is the connection's fault (worth a retry once the database is back)
 * rather than the query's, from the driver's code or SQLSTATE.
 */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') {
    if (NODE_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')) return true
  }
  return MESSAGES.some((pattern) => pattern.test(error.message))
}
