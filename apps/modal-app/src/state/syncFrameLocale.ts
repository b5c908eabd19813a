import type { createStore } from 'jotai/vanilla'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import type { Locale } from '../i18n/locales.ts'
import { translate } from '../i18n/translate.ts'
import { log } from '../log.ts'
import { localeAtom } from './atoms.ts'

/**
 * The secure frame speaks the modal's language (SYNC_LOCALE), from when it is ready (the
 * request waits for that) and again whenever the modal's locale changes (i18n/syncLocale sets it once
 * its catalogue has loaded). An approval already on the frame's screen keeps its own language. The
 * iframe's accessible name, the modal's own, follows too.
 */
export function syncFrameLocale(store: ReturnType<typeof createStore>, frame: FrameClient): () => void {
  let sent: Locale | undefined
  const send = () => {
    const locale = store.get(localeAtom)
    frame.iframe.title = translate(store, 'frame.title')
    if (locale === sent) return
    sent = locale
    frame.request('SYNC_LOCALE', { locale }).catch((error: unknown) => {
      log.error('locale not synced to the secure frame', error)
    })
  }
  const unsubscribe = store.sub(localeAtom, send)
  send()
  return unsubscribe
}
