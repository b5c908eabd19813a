import { expect, it } from 'vitest'
import { createSessionStore } from './createSessionStore.ts'

it('keeps values in localStorage under the SPEC prefix', () => {
  const map = new Map<string, string>()
  const localStorage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  } as unknown as Storage
  const store = createSessionStore({ localStorage })
  store.set('session', 'token')
  expect(map.get('@appkit-wallet/session')).toBe('token')
  expect(store.get('session')).toBe('token')
  store.remove('session')
  expect(store.get('session')).toBeNull()
})

it('keeps values in memory when the browser denies storage to the frame', () => {
  const scope = {} as { localStorage?: Storage }
  Object.defineProperty(scope, 'localStorage', {
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError')
    },
  })
  const store = createSessionStore(scope)
  store.set('device', 'abc')
  expect(store.get('device')).toBe('abc')
})
