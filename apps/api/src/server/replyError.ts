import type { ServerResponse } from 'node:http'
import { ServerError } from '@modalkit/protocol'
import { DatabaseUnavailableError } from '../db/DatabaseUnavailableError.ts'
import { HttpError } from './HttpError.ts'

/** Seconds a client waits before repeating a request the database could not serve (a restart takes a few). */
const DATABASE_RETRY_AFTER_SECONDS = 2
/** Seconds a rate-limited client waits (the limits count per minute or longer). */
const RATE_LIMIT_RETRY_AFTER_SECONDS = 60

/**
 * Answers a failed request with the typed error body `{ error: { code, message, field? } }`: an
 * HttpError as it says; an unreachable database as 503 'service_unavailable' with Retry-After (the
 * protocol's retryable error; the process stays up and the pool reconnects); anything else as a 500
 * that tells the client nothing about internals. `label` names the log line; the request itself is
 * never logged (auth URLs and bodies carry codes and tokens).
 */
export function replyError(res: ServerResponse, error: unknown, label: string): void {
  let known: HttpError
  if (error instanceof HttpError) known = error
  else if (error instanceof DatabaseUnavailableError) {
    console.error(`${label}: ${error.message}`)
    known = new HttpError(
      503,
      'service_unavailable',
      'Service Unavailable: try again shortly',
      undefined,
      DATABASE_RETRY_AFTER_SECONDS,
    )
  } else {
    console.error(label, error instanceof Error ? error.message : error)
    known = new HttpError(500, 'server_error', new ServerError().shortMessage)
  }
  res.statusCode = known.status
  // SPEC §9: the modal's RPC retry honours Retry-After; a rate limit's window is a minute.
  const retryAfter =
    known.retryAfterSeconds ?? (known.status === 429 ? RATE_LIMIT_RETRY_AFTER_SECONDS : undefined)
  if (retryAfter !== undefined) res.setHeader('retry-after', String(retryAfter))
  res.setHeader('content-type', 'application/json')
  res.end(JSON.stringify(known.toBody()))
}
