/**
 * Characters that change how text reads without being seen, by Unicode general category, so no
 * list of code points can fall behind the standard:
 * - `Cf`, format characters: bidi embeddings, overrides, isolates and marks, zero-width characters,
 *   the soft hyphen, interlinear annotations, tag characters;
 * - `Cc` other than newline and tab: C0 and C1 controls;
 * - `Zl` and `Zp`: U+2028 and U+2029, which break a line where none is seen;
 * - `Zs` other than the ASCII space: U+00A0, U+1680, U+2000–U+200A, U+202F, U+205F, U+3000, each
 *   drawn as a space of another width, so "1 000" and "1000" or two addresses look alike;
 * - blanks of other categories: Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), Khmer's inherent
 *   vowels (U+17B4, U+17B5), the braille blank U+2800, the combining grapheme joiner U+034F;
 * - variation selectors (U+180B–U+180F, U+FE00–U+FE0F, U+E0100–U+E01EF), which change a glyph;
 * - `M`, combining marks, on an ASCII letter or digit or on another such mark: U+20E5 or
 *   U+0334–U+0338 drawn over a digit make it read as another; accents on other scripts' letters are
 *   the words themselves and are kept.
 */
const ALWAYS = /[\p{Cf}\p{Zl}\p{Zp}]|[^\P{Cc}\n\t]|[^\P{Zs} ]/u
const BLANKS = new Set([0x034f, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x2800, 0x3164, 0xffa0])
const isVariationSelector = (code: number) =>
  (code >= 0x180b && code <= 0x180f) ||
  (code >= 0xfe00 && code <= 0xfe0f) ||
  (code >= 0xe0100 && code <= 0xe01ef)
const MARK = /^\p{M}$/u
const ASCII_ALNUM = /^[A-Za-z0-9]$/

const marker = (code: number) => `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]`

/**
 * The text as the approval screen may show it: every invisible, space-like, direction-changing or
 * glyph-changing character replaced by a visible marker (`[U+202E]`), so a site cannot make the
 * screen read differently from what is signed (threat H3 in docs/security.md). The renderer passes
 * every shown string through it.
 *
 * @example
 * toVisibleText('pay\u202Egnp.exe') // 'pay[U+202E]gnp.exe'
 * toVisibleText('1\u20E5000') // '1[U+20E5]000'
 */
export function toVisibleText(text: string): string {
  let out = ''
  // Whether the last character shown was an ASCII letter or digit, or a mark already put on one.
  let onAscii = false
  for (const char of text) {
    const code = char.codePointAt(0)!
    const mark = MARK.test(char)
    const hidden = ALWAYS.test(char) || BLANKS.has(code) || isVariationSelector(code) || (mark && onAscii)
    out += hidden ? marker(code) : char
    onAscii = ASCII_ALNUM.test(char) || (mark && onAscii)
  }
  return out
}
