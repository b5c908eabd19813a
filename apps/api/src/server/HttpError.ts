import { toValidationIssues } from '@modalkit/protocol'

/** An error with the HTTP status and the JSON body it answers with: `{ error: { code, message, field? } }`. */
export class HttpError extends Error {
  override name = 'HttpError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Sent as Retry-After: the request may succeed if repeated after this many seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
  }

  toBody(): { error: { code: string; message: string; field?: string } } {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } }
  }
}

type ZodIssueLike = { code: string; path: PropertyKey[]; message: string; keys?: string[] }

/** A 400 naming the first wrong field, as `where.path` (e.g. `body.url`, `query.projectId`). */
export function validationError(
  where: 'body' | 'query' | 'path',
  issues: readonly ZodIssueLike[],
): HttpError {
  const first = issues[0]
  const plain = toValidationIssues(issues)[0]
  const path = plain?.path ?? []
  const key = first?.code === 'unrecognized_keys' && first.keys?.[0] ? [...path, first.keys[0]] : path
  const field = [where, ...key].join('.')
  return new HttpError(400, 'validation_error', `${plain?.code ?? 'invalid'}: ${field}`, field)
}
