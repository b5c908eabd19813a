/**
 * The database could not be reached (down, restarting, connection lost mid-query). Retrying later
 * can succeed, so the API answers 503 'service_unavailable' with Retry-After instead of a 500.
 * Carries only the driver's error code, never the connection string or the SQL's parameters.
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
  constructor(readonly reason: string) {
    super(`database unavailable (${reason})`)
  }
}
