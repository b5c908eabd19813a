import { describe, expect, it } from 'vitest'
import { en, type MessageKey } from './en.ts'
import { LOCALES, loadCatalogue, messageParams } from './locales.ts'

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
