import type { Locale } from '@modalkit/shared'
import type { LoadedCatalogue } from './en.ts'

// The locales and the formatter live in @modalkit/shared: the secure frame speaks the same five
// languages with the same message syntax, without React.
export {
  formatMessage,
  isRtl,
  LOCALES,
  type Locale,
  type MessageParams,
  messageParams,
  resolveLocale,
} from '@modalkit/shared'

/**
 * Each catalogue but English is its own chunk, fetched when the locale is known (at init). English's
 * is in the first chunk but for its later views' messages (englishLater.ts).
 */
export function loadCatalogue(locale: Locale): Promise<LoadedCatalogue> {
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
      return import('./enFirst.ts').then((m) => m.enFirst)
  }
}
