import { AppKitError } from './AppKitError.ts'

/** One issue of a failed schema parse, as zod reports it (its codes: invalid_type, too_small, ...). */
export type ValidationIssue = { code: string; path: (string | number)[]; message: string }

/** Bad input: carries zod's issue codes so callers can tell what was wrong without parsing text. */
export class ValidationError extends AppKitError {
  override name = 'ValidationError'
  readonly issues: ValidationIssue[]

  constructor(what: string, issues: ValidationIssue[]) {
    const first = issues[0]
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : ''
    super({
      code: 'validation_error',
      shortMessage: `Invalid ${what}`,
      details: first ? `${first.code}${where}` : undefined,
    })
    this.issues = issues
  }
}
