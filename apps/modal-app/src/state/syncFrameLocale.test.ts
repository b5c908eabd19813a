import { createStore } from 'jotai/vanilla'
import { expect, it, vi } from 'vitest'
import type { FrameClient } from '../connectors/embedded/createFrameClient.ts'
import { localeAtom } from './atoms.ts'
import { syncFrameLocale } from './syncFrameLocale.ts'

it("tells the frame the modal's language at once and on every change, and stops when asked", () => {
  const store = createStore()
  const request = vi.fn(() => Promise.resolve({}))
  const stop = syncFrameLocale(store, { request } as unknown as FrameClient)
  store.set(localeAtom, 'ar')
  store.set(localeAtom, 'ar')
  store.set(localeAtom, 'ja')
  stop()
  store.set(localeAtom, 'es')
  expect(request.mock.calls).toEqual([
    ['SYNC_LOCALE', { locale: 'en' }],
    ['SYNC_LOCALE', { locale: 'ar' }],
    ['SYNC_LOCALE', { locale: 'ja' }],
  ])
})
