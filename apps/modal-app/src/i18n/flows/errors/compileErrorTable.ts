import { type AppKitError, NODE_ERROR_CODES } from '@modalkit/protocol'
import { ERROR_SAMPLES, type ErrorId } from './errorSamples.ts'
import type { ErrorEntry } from './errorTable.ts'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A sample's template (its words with `{name}` for each value) as a pattern capturing each value. */
function toSentence(sample: AppKitError): Pick<ErrorEntry, 'code' | 'sentence' | 'params' | 'numbers'> {
  const parts = sample.shortMessage.split(/\{(\w+)\}/)
  // split() with a group alternates fixed text and parameter names: text, name, text, name, text.
  const params = parts.filter((_, i) => i % 2 === 1)
  const source = parts.map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : '([\\s\\S]+?)')).join('')
  // A value the class keeps as given, in a field of its name, is its number (typed so in the class).
  const fields = sample as unknown as Record<string, unknown>
  const numbers = params.filter((name) => fields[name] === `{${name}}`)
  return { code: sample.code, sentence: new RegExp(`^${source}$`), params, numbers }
}

/**
 * A locale's error translations as the table describeError reads: each sentence of packages/protocol
 * (its code and how to recognise its English words) with the locale's message. Runs when the
 * locale's catalogue loads, so English never carries the samples.
 */
export function compileErrorTable(messages: Readonly<Record<ErrorId, string>>): readonly ErrorEntry[] {
  return [
    ...NODE_ERROR_CODES.map((code) => ({ code, params: [], numbers: [], message: messages[code] })),
    ...Object.entries(ERROR_SAMPLES).map(([id, sample]) => ({
      ...toSentence(sample),
      message: messages[id as Exclude<ErrorId, (typeof NODE_ERROR_CODES)[number]>],
    })),
  ]
}
