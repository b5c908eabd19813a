import { type Locale, resolveLocale } from '@modalkit/shared'
import { ENGLISH, loadMessages, type Messages } from './messages.ts'

export type FrameLanguage = {
  /** The messages a screen opening now takes (and keeps until it is answered). */
  current(): Messages
  /** The modal's language (SYNC_LOCALE): resolves once its catalogue has loaded and is current. */
  set(locale: Locale): Promise<void>
}

/**
 * The secure frame's language: the browser's until the modal says which (SYNC_LOCALE),
 * then the modal's. The locale and its words change together, once the catalogue has loaded; when
 * two changes race, the later one wins.
 */
export function createFrameLanguage(
  languages: readonly string[] = globalThis.navigator?.languages ?? [],
  /** Told each language the frame takes on (not the first, English): the page's title follows it. */
  onChange?: (messages: Messages) => void,
): FrameLanguage {
  let current = ENGLISH
  let latest = 0
  const set = async (locale: Locale) => {
    const asked = ++latest
    const messages = await loadMessages(locale)
    if (asked !== latest) return
    current = messages
    onChange?.(messages)
  }
  const browser = resolveLocale(undefined, languages)
  if (browser !== 'en') void set(browser).catch(() => {})
  return { current: () => current, set }
}
