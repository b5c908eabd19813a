/**
 * The languages the modal and the secure frame speak; the first is the fallback. Both
 * apps import these from here, so the two origins agree on the same five.
 */
export const LOCALES = ['en', 'es', 'zh', 'ja', 'ar'] as const
export type Locale = (typeof LOCALES)[number]

const RTL: ReadonlySet<Locale> = new Set(['ar'])
export const isRtl = (locale: Locale): boolean => RTL.has(locale)

/**
 * The language to speak: the site's `locale` (init option or `data-locale`) when we have it, else the
 * first of the browser's languages we have, else English. Only the language subtag counts:
 * `zh-CN` is `zh`, `es-419` is `es`.
 *
 * @example resolveLocale(undefined, ['fr-FR', 'es-ES']) // 'es'
 */
export function resolveLocale(requested: string | undefined, browser: readonly string[]): Locale {
  const known = (tag: string) => {
    const language = tag.toLowerCase().split('-')[0]
    return LOCALES.find((locale) => locale === language)
  }
  if (requested) {
    const wanted = known(requested)
    if (wanted) return wanted
  }
  for (const tag of browser) {
    const found = known(tag)
    if (found) return found
  }
  return 'en'
}
