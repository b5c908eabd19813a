import type { FrameMessageKey } from './en.ts'

/** A parameter of a phrase: a value shown as given (kept apart from the words), or another phrase. */
export type PhraseParam = string | number | Phrase

/**
 * Words of the frame's catalogue, not yet in any language: a description says what to show with
 * phrases, and the screen puts them in its language when it opens, once.
 */
export type Phrase = {
  readonly key: FrameMessageKey
  readonly params?: Readonly<Record<string, PhraseParam>>
}

/**
 * What a line of a screen says: a phrase of the catalogue, or a value shown exactly as given (an
 * address, an amount, a typed-data path, the text to sign), never translated.
 */
export type Shown = Phrase | string

/** `phrase('field.to')`, `phrase('value.upTo', { amount })`. */
export function phrase(key: FrameMessageKey, params?: Readonly<Record<string, PhraseParam>>): Phrase {
  return params ? { key, params } : { key }
}

/** A label with the number of its call or transaction in front (`#2 To`), or the label alone. */
export function numbered(label: Phrase, index: number | undefined): Phrase {
  return index === undefined ? label : phrase('field.numbered', { n: String(index), label })
}

/**
 * Items one after another in the locale's list style (`a, b, c`), each item a value or a phrase:
 * built from the catalogue's pair so a translation picks its own separator.
 */
export function listOf(items: readonly Shown[]): Shown {
  const [first, ...rest] = items
  if (first === undefined) return ''
  return rest.length === 0 ? first : phrase('value.list', { first, rest: listOf(rest) })
}
