import { describe, expect, it } from 'vitest'
import { en, type MessageKey } from './en.ts'
import { formatMessage, LOCALES, loadCatalogue, resolveLocale } from './locales.ts'

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

describe('formatMessage', () => {
  it('fills named parameters and leaves an unknown one as written', () => {
    expect(formatMessage('Continue with {provider}', { provider: 'GitHub' })).toBe('Continue with GitHub')
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}')
  })
})

describe('the catalogues', () => {
  const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
  it.each(LOCALES)('%s translates every English message, with the same parameters', async (locale) => {
    const catalogue = await loadCatalogue(locale)
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(catalogue[key].trim(), `${locale} ${key}`).not.toBe('')
      expect(params(catalogue[key]), `${locale} ${key}`).toEqual(params(en[key]))
    }
  })
  it('are translations, not copies of the English (brand names aside)', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalogue = await loadCatalogue(locale)
      const same = (Object.keys(en) as MessageKey[]).filter((key) => catalogue[key] === en[key])
      expect(same, locale).toEqual(['title.ConnectingWalletConnect', 'title.ConnectingFarcaster'])
    }
  })
})
