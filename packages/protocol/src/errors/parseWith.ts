import { toValidationIssues } from '../channel/toValidationIssues.ts'
import { ValidationError } from './ValidationError.ts'

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

/** A ValidationError for a check zod cannot express (the issue code is zod's `custom`). */
export function invalidInput(what: string, message: string, path: (string | number)[] = []): ValidationError {
  return new ValidationError(what, [{ code: 'custom', path, message }])
}
