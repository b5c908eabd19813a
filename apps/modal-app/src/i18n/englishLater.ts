import type { LoadedCatalogue, MessageKey } from './en.ts'

/**
 * English's messages of the later views (account, money, connecting and sign-in), which the first chunk leaves out (issue
 * 11's size budget; enFirst.ts). Every lazy view waits for them (`lazyView`), and so does Pay's chunk,
 * whose toasts may come before its view; the code that shows them is in those chunks, and the first
 * chunk's own code and the other lazy chunks use none of them (scripts/initialChunks.test.ts), so a
 * view or a toast always finds its words. Other locales' catalogues are whole and never need them.
 */
const later: Partial<Record<MessageKey, string>> = {}
let loading: Promise<void> | undefined

/** Loads them once; after a failed fetch, the next call tries again. */
export function loadEnglishLater(): Promise<void> {
  loading ??= import('./laterEn.ts').then(
    (chunk) => {
      Object.assign(later, chunk.later)
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** A key's message: the catalogue's, else English's later one, else empty. */
export function message(catalogue: LoadedCatalogue, key: MessageKey): string {
  return catalogue[key] ?? later[key] ?? ''
}
