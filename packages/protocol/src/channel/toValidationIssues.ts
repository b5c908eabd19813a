import type { ValidationIssue } from '../errors/ValidationError.ts'

type ZodIssueLike = { code: string; path: PropertyKey[]; message: string }

/** zod issues as plain data: codes kept, symbol path keys dropped. */
export function toValidationIssues(issues: readonly ZodIssueLike[]): ValidationIssue[] {
  return issues.slice(0, 50).map((issue) => ({
    code: issue.code,
    path: issue.path.filter((key): key is string | number => typeof key !== 'symbol'),
    message: issue.message,
  }))
}
