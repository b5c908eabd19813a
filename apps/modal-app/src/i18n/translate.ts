import { catalogueAtom, localeAtom, type Store } from '../state/atoms.ts'
import type { MessageKey } from './en.ts'
import { message } from './englishLater.ts'
import { formatMessage, type MessageParams } from './locales.ts'

/**
 * The current locale's message, for state code that shows words without a view (a toast, an alert):
 * read when the words are made, so they are in the language of that moment.
 */
export function translate(store: Store, key: MessageKey, params?: MessageParams): string {
  return formatMessage(message(store.get(catalogueAtom), key), params, store.get(localeAtom))
}
