import { catalogueAtom, localeAtom, optionsAtom, type Store } from '../state/atoms.ts'
import { loadCatalogue, resolveLocale } from './locales.ts'

/**
 * Keeps the modal's language current: the site's `locale` when it sets one, else the
 * browser's languages, followed when either changes. The locale and its messages change together,
 * once the catalogue has loaded, so direction and words never disagree.
 */
export function syncLocale(store: Store, languages: () => readonly string[] = () => navigator.languages) {
  let latest = 0
  const apply = () => {
    const locale = resolveLocale(store.get(optionsAtom)?.locale, languages())
    const asked = ++latest
    void loadCatalogue(locale).then((catalogue) => {
      if (asked !== latest) return
      store.set(catalogueAtom, catalogue)
      store.set(localeAtom, locale)
    })
  }
  apply()
  const unsubscribe = store.sub(optionsAtom, apply)
  window.addEventListener('languagechange', apply)
  return () => {
    unsubscribe()
    window.removeEventListener('languagechange', apply)
  }
}
