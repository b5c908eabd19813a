import { expect, it } from 'vitest'
import { createLocalStorageStore } from './createLocalStorageStore.ts'

function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  }
}

it('keeps JSON values under its prefix only, and reads back what it wrote', async () => {
  const storage = memoryStorage()
  storage.setItem('other', 'x')
  const store = createLocalStorageStore('@appkit-wallet/wc:', storage)
  await store.setItem('wc@2:core:pairing', [{ topic: 'a' }])
  expect(storage.getItem('@appkit-wallet/wc:wc@2:core:pairing')).toBe('[{"topic":"a"}]')
  expect(await store.getKeys()).toEqual(['wc@2:core:pairing'])
  expect(await store.getEntries()).toEqual([['wc@2:core:pairing', [{ topic: 'a' }]]])
  expect(await store.getItem('missing')).toBeUndefined()
  storage.setItem('@appkit-wallet/wc:broken', '{')
  expect(await store.getItem('broken')).toBeUndefined()
  await store.removeItem('wc@2:core:pairing')
  expect(await store.getItem('wc@2:core:pairing')).toBeUndefined()
  expect(storage.getItem('other')).toBe('x')
})
