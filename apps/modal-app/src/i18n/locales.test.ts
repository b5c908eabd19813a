import { describe, expect, it } from 'vitest'
import { en, type MessageKey } from './en.ts'
import { later } from './laterEn.ts'
import { LOCALES, type Locale, loadCatalogue, messageParams } from './locales.ts'

/** A locale's whole catalogue: English's is its first chunk's part with its later views' (englishLater.ts). */
const whole = async (locale: Locale): Promise<Record<string, string>> => ({
  ...(await loadCatalogue(locale)),
  ...(locale === 'en' ? later : {}),
})

describe('the catalogues', () => {
  it.each(LOCALES)('%s translates every English message, with the same parameters', async (locale) => {
    const catalogue = await whole(locale)
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en) as MessageKey[]) {
      expect(catalogue[key]?.trim(), `${locale} ${key}`).not.toBe('')
      expect(messageParams(catalogue[key] ?? ''), `${locale} ${key}`).toEqual(messageParams(en[key]))
    }
  })
  it('are translations, not copies of the English (brand names aside)', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalogue = await whole(locale)
      const same = (Object.keys(en) as MessageKey[]).filter((key) => catalogue[key] === en[key])
      expect(same, locale).toEqual(['title.ConnectingWalletConnect', 'title.ConnectingFarcaster'])
    }
  })

  it("English's first chunk part and its later views' share no key: the later ones are fetched", async () => {
    const first = await loadCatalogue('en')
    expect(Object.keys(later).length).toBeGreaterThan(100)
    for (const key of Object.keys(later)) expect(first, key).not.toHaveProperty(key)
  })
})
