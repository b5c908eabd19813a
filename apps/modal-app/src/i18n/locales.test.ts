import { describe, expect, it } from 'vitest'
import { en, type MessageKey } from './en.ts'
import { formatMessage, LOCALES, loadCatalogue, messageParams, resolveLocale } from './locales.ts'

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
  it("writes numbers and picks plural forms the locale's way", () => {
    const wallets = '{count, plural, =0 {No wallets} one {# wallet} other {# wallets}}'
    expect([0, 1, 2, 1200].map((count) => formatMessage(wallets, { count }, 'en'))).toEqual([
      'No wallets',
      '1 wallet',
      '2 wallets',
      '1,200 wallets',
    ])
    // Arabic has six plural categories; Japanese has only `other`.
    const ar = '{n, plural, one {واحد} two {اثنان} few {# قليلة} many {# كثيرة} other {# أخرى}}'
    expect([1, 2, 3, 11, 100].map((n) => formatMessage(ar, { n: String(n) }, 'ar'))).toEqual([
      'واحد',
      'اثنان',
      '3 قليلة',
      '11 كثيرة',
      '100 أخرى',
    ])
    expect(formatMessage('{n, plural, other {# 件}} / {name}', { n: 3, name: 'a' }, 'ja')).toBe('3 件 / a')
    expect(messageParams('{count, plural, one {# of {total}} other {#}} {name}')).toEqual([
      'count',
      'name',
      'total',
    ])
  })
})

describe('the catalogues', () => {
  it.each(LOCALES)('%s translates every English message, with the same parameters', async (locale) => {
    const catalogue = await loadCatalogue(locale)
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(catalogue[key].trim(), `${locale} ${key}`).not.toBe('')
      expect(messageParams(catalogue[key]), `${locale} ${key}`).toEqual(messageParams(en[key]))
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
