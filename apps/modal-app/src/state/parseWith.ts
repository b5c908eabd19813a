import { toValidationIssues, ValidationError } from '@modalkit/protocol'

type SafeParser<T> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { code: string; path: PropertyKey[]; message: string }[] } }
}

/** Parses with a protocol schema; bad input becomes a ValidationError carrying zod's issue codes. */
export function parseWith<T>(schema: SafeParser<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value)
  if (!result.success) throw new ValidationError(what, toValidationIssues(result.error.issues))
  return result.data
}
