/**
 * Characters that change how text reads without being seen: bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069, the marks U+200E/U+200F/U+061C), zero-width ones (U+200B–U+200D,
 * U+2060–U+2064, U+FEFF, U+180E), other invisible formatters (U+00AD soft hyphen, U+034F, U+115F,
 * U+1160, U+3164, U+FFA0 Hangul fillers, U+17B4/U+17B5), interlinear annotations (U+FFF9–U+FFFB), tag
 * characters (U+E0000–U+E007F), and C0/C1 controls other than newline and tab.
 */
const INVISIBLE: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0b, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff9, 0xfffb],
  [0xe0000, 0xe007f],
]

// A table of ranges, not a regex character class: the class would hold combining characters.
const isInvisible = (code: number) => INVISIBLE.some(([low, high]) => code >= low && code <= high)

/**
 * The text as the approval screen may show it: every invisible or direction-changing character
 * replaced by a visible marker (`[U+202E]`), so a site cannot make the screen read differently from
 * what is signed (issue 14, threat H3). The renderer passes every shown string through it.
 *
 * @example
 * toVisibleText('pay\u202Egnp.exe') // 'pay[U+202E]gnp.exe'
 */
export function toVisibleText(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    out += isInvisible(code) ? `[U+${code.toString(16).toUpperCase().padStart(4, '0')}]` : char
  }
  return out
}
