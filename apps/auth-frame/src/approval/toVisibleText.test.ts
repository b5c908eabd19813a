import { describe, expect, it } from 'vitest'
import { toVisibleText } from './toVisibleText.ts'

describe('toVisibleText', () => {
  it('marks bidi overrides, embeddings, isolates and marks', () => {
    expect(toVisibleText('Send 1 USDC to \u202Eevil\u202C')).toBe('Send 1 USDC to [U+202E]evil[U+202C]')
    expect(toVisibleText('\u2066a\u2069\u200e\u200f\u061c')).toBe('[U+2066]a[U+2069][U+200E][U+200F][U+061C]')
  })

  it('marks zero-width and other invisible characters, tag characters and controls', () => {
    expect(toVisibleText('ap\u200bprove\u200c\u200d\u2060\ufeff')).toBe(
      'ap[U+200B]prove[U+200C][U+200D][U+2060][U+FEFF]',
    )
    expect(toVisibleText('a\u00adb\u3164c\u{e0041}')).toBe('a[U+00AD]b[U+3164]c[U+E0041]')
    expect(toVisibleText('bell\u0007 del\u007f c1\u0085')).toBe('bell[U+0007] del[U+007F] c1[U+0085]')
  })

  it('marks line and paragraph separators and every space that is not the ASCII one', () => {
    expect(toVisibleText('a\u2028b\u2029c')).toBe('a[U+2028]b[U+2029]c')
    expect(toVisibleText('1\u00a0000 2\u2000 3\u200a 4\u3000 5\u202f 6\u205f 7\u1680')).toBe(
      '1[U+00A0]000 2[U+2000] 3[U+200A] 4[U+3000] 5[U+202F] 6[U+205F] 7[U+1680]',
    )
    expect(toVisibleText('blank\u2800braille\u115f\u17b4')).toBe('blank[U+2800]braille[U+115F][U+17B4]')
  })

  it('marks variation selectors and format characters the older table did not list', () => {
    expect(toVisibleText('0\ufe0f1\ufe00\u{e0100}')).toBe('0[U+FE0F]1[U+FE00][U+E0100]')
    // U+2061 FUNCTION APPLICATION and U+0600 ARABIC NUMBER SIGN are Cf too.
    expect(toVisibleText('a\u2061b\u0600')).toBe('a[U+2061]b[U+0600]')
  })

  it('marks combining marks drawn over ASCII letters and digits, however many', () => {
    expect(toVisibleText('1\u20e5000')).toBe('1[U+20E5]000')
    expect(toVisibleText('0x7\u0334\u0335\u0336\u0337\u0338')).toBe(
      '0x7[U+0334][U+0335][U+0336][U+0337][U+0338]',
    )
    expect(toVisibleText('e\u0301')).toBe('e[U+0301]')
  })

  it('keeps combining marks on letters of other scripts, where they are the words', () => {
    const text = 'नमस्ते ที่ ầ'
    expect(toVisibleText(text)).toBe(text)
  })

  it('keeps ordinary text, newlines, tabs, accents, right-to-left scripts and emoji', () => {
    const text = 'Hello\n\tWörld שלום مرحبا 👋 1,000.50'
    expect(toVisibleText(text)).toBe(text)
  })
})
