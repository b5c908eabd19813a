import { createStore } from 'jotai/vanilla'
import { expect, it, vi } from 'vitest'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { loadCatalogue } from '../i18n/locales.ts'
import { catalogueAtom, localeAtom } from './atoms.ts'
import { syncFrameLocale } from './syncFrameLocale.ts'

it("tells the frame the modal's language at once and on every change, and stops when asked", async () => {
  const store = createStore()
  const request = vi.fn(() => Promise.resolve({}))
  const iframe = { title: '' }
  const stop = syncFrameLocale(store, { request, iframe } as unknown as FrameClient)
  expect(iframe.title).toBe('Embedded wallet')
  store.set(localeAtom, 'ar')
  store.set(localeAtom, 'ar')
  // As i18n/syncLocale does: the messages first, then the locale.
  store.set(catalogueAtom, await loadCatalogue('ja'))
  store.set(localeAtom, 'ja')
  // The iframe's accessible name is the modal's own words, in its language.
  expect(iframe.title).toBe('組み込みウォレット')
  stop()
  store.set(localeAtom, 'es')
  expect(request.mock.calls).toEqual([
    ['SYNC_LOCALE', { locale: 'en' }],
    ['SYNC_LOCALE', { locale: 'ar' }],
    ['SYNC_LOCALE', { locale: 'ja' }],
  ])
})
