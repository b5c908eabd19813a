import {
  formatMessage,
  formatMessageParts,
  isRtl,
  type Locale,
  type MessageParams,
  resolveLocale,
} from '@modalkit/shared'
import { en, type FrameCatalogue, type FrameMessageKey } from './en.ts'
import type { Phrase, Shown } from './phrase.ts'

/**
 * A piece of shown text in one language: the catalogue's words, or (`value: true`) a value, which
 * the screen shows as its own node, isolated from the words around it.
 */
export type TextRun = { text: string; value?: true | undefined }

/**
 * The frame's words in one language, fixed: a screen takes one when it opens and keeps it until it
 * is answered, so a later SYNC_LOCALE never re-renders (or re-times) what the user is reading.
 */
export type Messages = {
  readonly locale: Locale
  readonly dir: 'ltr' | 'rtl'
  /** One message as a string: a button, a heading, an announcement, an accessible name. */
  text(key: FrameMessageKey, params?: MessageParams): string
  /** What a line says, in runs: the words translated, each value apart and as given. */
  runs(shown: Shown): TextRun[]
}

export function createMessages(locale: Locale, catalogue: FrameCatalogue): Messages {
  const runs = (shown: Shown): TextRun[] => {
    if (typeof shown === 'string') return shown ? [{ text: shown, value: true }] : []
    // A phrase inside a phrase is formatted on its own and put where its parameter stands: its words
    // stay words, its values stay values. No value is ever read as a template.
    const nested = new Map<string, Phrase>()
    const params: Record<string, string | number> = {}
    for (const [name, param] of Object.entries(shown.params ?? {})) {
      if (typeof param === 'object') {
        nested.set(name, param)
        params[name] = ''
      } else params[name] = param
    }
    return formatMessageParts(catalogue[shown.key], params, locale).flatMap((part): TextRun[] => {
      if (part.param === undefined) return [{ text: part.text }]
      const inner = nested.get(part.param)
      if (inner) return runs(inner)
      return part.text ? [{ text: part.text, value: true }] : []
    })
  }
  return {
    locale,
    dir: isRtl(locale) ? 'rtl' : 'ltr',
    text: (key, params) => formatMessage(catalogue[key], params, locale),
    runs,
  }
}

/** English, always at hand: the frame's first words before any other catalogue has loaded. */
export const ENGLISH: Messages = createMessages('en', en)

/** Each catalogue but English is its own chunk, fetched when the locale is known. */
export function loadFrameCatalogue(locale: Locale): Promise<FrameCatalogue> {
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
      return Promise.resolve(en)
  }
}

/** The messages of a locale, its catalogue loaded. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return locale === 'en' ? ENGLISH : createMessages(locale, await loadFrameCatalogue(locale))
}

/** Runs as one string (an accessible name, a title): the words and values joined. */
export const joinRuns = (runs: readonly TextRun[]): string => runs.map((run) => run.text).join('')

/**
 * The words of a page opened without the modal saying which language (the frame or a popup on its
 * own): the browser's first language we speak, else English; English too if its chunk fails to load.
 */
export function browserMessages(languages: readonly string[] = navigator.languages): Promise<Messages> {
  return loadMessages(resolveLocale(undefined, languages)).catch(() => ENGLISH)
}

/** Replaces a page's content with one message, the page in that message's language. */
export function showPageText(messages: Messages, key: FrameMessageKey): void {
  document.documentElement.lang = messages.locale
  document.documentElement.dir = messages.dir
  document.body.textContent = messages.text(key)
}

/**
 * Titles a page in the messages' language (the tab, the window's name): the HTML's English title
 * stands only until the locale is known. The page's language goes with it; its direction is left to
 * the screens, which set their own (the frame's page holds nothing else).
 */
export function showPageTitle(messages: Messages, key: FrameMessageKey): void {
  document.documentElement.lang = messages.locale
  document.title = messages.text(key)
}
