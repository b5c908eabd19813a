import type { Locale } from './locales.ts'

export type MessageParams = Readonly<Record<string, string | number>>

/**
 * A piece of a formatted message: the template's own words, or (`param` set) the value of the named
 * parameter, kept apart so a screen can show it as a separate text node.
 */
export type MessagePart = { text: string; param?: string }

/** The index of the `}` that closes the `{` at `open`, counting nested braces; -1 when none does. */
function closingBrace(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}' && --depth === 0) return i
  }
  return -1
}

/** `one {# wallet} other {# wallets}` → its branches by selector (`one`, `other`, `=0`…). */
function pluralBranches(text: string): Map<string, string> {
  const branches = new Map<string, string>()
  const selector = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y
  let at = 0
  for (let match = selector.exec(text); match; match = selector.exec(text)) {
    const open = selector.lastIndex - 1
    const close = closingBrace(text, open)
    if (close < 0) break
    branches.set(match[1]!, text.slice(open + 1, close))
    at = close + 1
    selector.lastIndex = at
  }
  return branches
}

/**
 * `formatMessage` in pieces: the template's words and each parameter's value apart, in order (the
 * secure frame shows a value as its own node, so an address or a site's text cannot run into the
 * sentence around it). A value is never read as a template: braces in it stay text. Adjacent words
 * are joined into one piece.
 *
 * @example formatMessageParts('Paid by {site}', { site: 'https://a.test' })
 * // [{ text: 'Paid by ' }, { text: 'https://a.test', param: 'site' }]
 */
export function formatMessageParts(
  template: string,
  params: MessageParams = {},
  locale: Locale = 'en',
): MessagePart[] {
  const parts: MessagePart[] = []
  const words = (text: string) => {
    if (!text) return
    const last = parts.at(-1)
    if (last && last.param === undefined) last.text += text
    else parts.push({ text })
  }
  let at = 0
  for (let open = template.indexOf('{'); open >= 0; open = template.indexOf('{', at)) {
    const close = closingBrace(template, open)
    if (close < 0) break
    words(template.slice(at, open))
    at = close + 1
    const body = template.slice(open + 1, close)
    const plural = /^(\w+),\s*plural,([\s\S]*)$/.exec(body)
    const name = plural ? plural[1]! : body
    const value = params[name]
    if (value === undefined) {
      words(template.slice(open, close + 1))
      continue
    }
    const written = typeof value === 'number' ? new Intl.NumberFormat(locale).format(value) : value
    if (!plural) {
      parts.push({ text: written, param: name })
      continue
    }
    const count = Number(value)
    const branches = pluralBranches(plural[2]!)
    const branch =
      branches.get(`=${count}`) ??
      branches.get(new Intl.PluralRules(locale).select(count)) ??
      branches.get('other')
    if (branch === undefined) continue
    // The count written for `#` is part of the branch's words; other parameters in it stay apart.
    for (const part of formatMessageParts(branch.replaceAll('#', written), params, locale)) {
      if (part.param === undefined) words(part.text)
      else parts.push(part)
    }
  }
  words(template.slice(at))
  return parts
}

/**
 * A message with its parameters filled, in the locale's way. `{name}` takes a parameter: a
 * number is written with the locale's digits and grouping (pass a string to keep one as written).
 * `{count, plural, one {# item} other {# items}}` picks the branch `Intl.PluralRules` names for the
 * count (an exact `=0` first, `other` when the locale's category is missing) and writes the count for
 * `#`. A missing parameter is left as written.
 *
 * @example formatMessage('{n, plural, one {# wallet} other {# wallets}}', { n: 2 }, 'en') // '2 wallets'
 */
export function formatMessage(template: string, params: MessageParams = {}, locale: Locale = 'en'): string {
  return formatMessageParts(template, params, locale)
    .map((part) => part.text)
    .join('')
}

/** The parameter names a message takes, sorted (a translation must take the same). */
export function messageParams(template: string): string[] {
  return [...new Set([...template.matchAll(/\{(\w+)(?:\}|,\s*plural,)/g)].map((m) => m[1]!))].sort()
}
