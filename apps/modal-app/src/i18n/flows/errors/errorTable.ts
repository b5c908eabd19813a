import type { AppKitErrorCode } from '@modalkit/protocol'

/**
 * Where a locale's catalogue keeps its error sentences: a symbol, so the table rides with
 * the catalogue (one per locale, loaded with it) without being one of its message keys. English has
 * none: its words are the errors' own `shortMessage`.
 */
export const ERROR_TABLE = Symbol('errorTable')

/**
 * One error sentence of packages/protocol and its translation. `sentence` recognises the English
 * words, a `{name}` of the template captured as that parameter; without one (a node's error), the
 * code alone names the sentence.
 */
export type ErrorEntry = {
  readonly code: AppKitErrorCode
  readonly sentence?: RegExp
  readonly params: readonly string[]
  /** Parameters the class keeps as a number field (the cooldown's `seconds`): written the locale's way. */
  readonly numbers: readonly string[]
  readonly message: string
}

export type WithErrorTable = { readonly [ERROR_TABLE]: readonly ErrorEntry[] }
