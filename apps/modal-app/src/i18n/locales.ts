import type { Catalogue } from './en.ts'

/** The languages the modal speaks (issue 13); the first is the fallback. */
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

/** Each catalogue but English is its own chunk, fetched when the locale is known (at init). */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  switch (locale) {
    case 'es':
      return import('./es.ts').then((m) => m.es)
    case 'zh':
      return import('./zh.ts').then((m) => m.zh)
    case 'ja':
      return import('./ja.ts').then((m) => m.ja)
    case 'ar':
      return import('./ar.ts').then((m) => m.ar)
    default:
      return import('./en.ts').then((m) => m.en)
  }
}

/** A message with its `{name}` parameters filled; a missing parameter is left as written. */
export function formatMessage(template: string, params: Readonly<Record<string, string | number>> = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
