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

  it('keeps ordinary text, newlines, tabs, accents, right-to-left scripts and emoji', () => {
    const text = 'Hello\n\tWörld שלום مرحبا 👋 1,000.50'
    expect(toVisibleText(text)).toBe(text)
  })
})
