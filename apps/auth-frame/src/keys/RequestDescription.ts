import type { Phrase, Shown } from '../i18n/phrase.ts'

/**
 * One line of an approval screen: its label and value are phrases of the frame's catalogue, put in
 * the screen's language when it opens, or values shown exactly as given.
 */
export type RequestField = {
  label: Shown
  value: Shown
  /** Nesting level of a field inside a structure (typed data's `details.amount` is 1). */
  depth?: number | undefined
  /** A line the user must not miss: shown in the warning style. */
  warning?: true | undefined
  /**
   * Bytes the wallet could not read (an unknown call's data): shown whole, behind the line's "Show
   * data" disclosure, as hex in 32-byte words after the 4-byte selector.
   */
  data?: string | undefined
}
/** What the approval UI shows: plain text only, never markup (the UI renders it as text). */
export type RequestDescription = { method: string; title: Phrase; fields: RequestField[] }
