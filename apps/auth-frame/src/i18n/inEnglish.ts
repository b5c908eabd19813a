import type { RequestField } from '../keys/RequestDescription.ts'
import { ENGLISH, joinRuns } from './messages.ts'
import type { Shown } from './phrase.ts'

/** What a phrase or value reads in English, as the screen shows it: tests compare today's words. */
export const inEnglish = (shown: Shown): string => joinRuns(ENGLISH.runs(shown))

/** Fields as the English screen reads them, `depth` and `warning` kept where set. */
export function fieldsInEnglish(fields: readonly RequestField[]) {
  return fields.map(({ label, value, ...rest }) => ({
    label: inEnglish(label),
    value: inEnglish(value),
    ...rest,
  }))
}
