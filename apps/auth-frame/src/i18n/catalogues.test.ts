import { localeSchema } from '@modalkit/protocol'
import { LOCALES, messageParams } from '@modalkit/shared'
import { describe, expect, it } from 'vitest'
import { toVisibleText } from '../approval/toVisibleText.ts'
import { en, type FrameMessageKey } from './en.ts'
import { loadFrameCatalogue } from './messages.ts'

const keys = Object.keys(en) as FrameMessageKey[]

/**
 * Messages a translation may leave as the English writes them: only a number's sign and the
 * network's name with its id, where the locale writes them the English way.
 */
const SAME_AS_ENGLISH: Readonly<Record<string, readonly FrameMessageKey[]>> = {
  es: ['field.numbered', 'field.nonce', 'network.known', 'value.list'],
  zh: ['field.numbered'],
  ja: ['field.numbered'],
  ar: ['network.known'],
}

describe("the frame's catalogues", () => {
  it('speak the five languages the modal speaks, the ones SYNC_LOCALE carries', () => {
    expect(localeSchema.options).toEqual([...LOCALES])
  })

  it.each(LOCALES)('%s translates every English message, with the same parameters', async (locale) => {
    const catalogue = await loadFrameCatalogue(locale)
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort())
    for (const key of keys) {
      expect(catalogue[key].trim(), `${locale} ${key}`).not.toBe('')
      // Every value of the English (an address, an amount, the site) is in the translation too.
      expect(messageParams(catalogue[key]), `${locale} ${key}`).toEqual(messageParams(en[key]))
    }
  })

  it('are translations, not copies of the English', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalogue = await loadFrameCatalogue(locale)
      const same = keys.filter((key) => catalogue[key] === en[key])
      expect(same.sort(), locale).toEqual([...(SAME_AS_ENGLISH[locale] ?? [])].sort())
    }
  })

  it('hold no invisible or direction-changing character (the screen would show it as a marker)', async () => {
    for (const locale of LOCALES) {
      const catalogue = await loadFrameCatalogue(locale)
      for (const key of keys) expect(toVisibleText(catalogue[key]), `${locale} ${key}`).toBe(catalogue[key])
    }
  })

  it('keep the warnings whole: every warning names what the English names, in capitals where it shouts', async () => {
    // ALL in "transfer ALL your tokens" is the one emphasis of the English; each language marks it.
    const all: Record<string, RegExp> = { es: /TODOS/, zh: /全部/, ja: /すべて/, ar: /جميع.*دون استثناء/ }
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalogue = await loadFrameCatalogue(locale)
      expect(catalogue['allowance.allowCollection'], locale).toMatch(all[locale]!)
    }
  })
})
