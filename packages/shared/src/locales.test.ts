import { describe, expect, it } from 'vitest'
import { isRtl, LOCALES, resolveLocale } from './locales.ts'

describe('resolveLocale', () => {
  it("takes the site's locale first, then the browser's first language we speak, else English", () => {
    expect(resolveLocale('ar', ['es-ES'])).toBe('ar')
    expect(resolveLocale('zh-CN', [])).toBe('zh')
    expect(resolveLocale(undefined, ['fr-FR', 'es-419', 'ja'])).toBe('es')
    expect(resolveLocale('fr', ['ja-JP'])).toBe('ja')
    expect(resolveLocale(undefined, ['fr-FR', 'de'])).toBe('en')
    expect(resolveLocale('EN-gb', ['ja'])).toBe('en')
  })
})

describe('LOCALES', () => {
  it('are the five languages, English first (the fallback); only Arabic is written right to left', () => {
    expect(LOCALES).toEqual(['en', 'es', 'zh', 'ja', 'ar'])
    expect(LOCALES.filter(isRtl)).toEqual(['ar'])
  })
})
