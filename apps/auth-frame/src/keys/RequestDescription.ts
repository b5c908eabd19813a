/** One line of an approval screen. */
export type RequestField = {
  label: string
  value: string
  /** Nesting level of a field inside a structure (typed data's `details.amount` is 1). */
  depth?: number | undefined
  /** A line the user must not miss: shown in the warning style. */
  warning?: true | undefined
}
/** What the approval UI shows: plain text only, never markup (the UI renders it as text). */
export type RequestDescription = { method: string; title: string; fields: RequestField[] }
