import { expect, it } from 'vitest'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { withMemoryFallback } from './withMemoryFallback.ts'

const denied: DeviceShareStore = {
  save: () => Promise.reject(new DOMException('The user denied permission to access the database.')),
  load: () => Promise.reject(new DOMException('denied')),
  clear: () => Promise.reject(new DOMException('denied')),
}

it('uses the real store while it works', async () => {
  const saved: string[] = []
  const store = withMemoryFallback(() => ({
    save: async (id) => void saved.push(id),
    load: async () => new Uint8Array([7]),
    clear: async () => {},
  }))
  await store.save('u', new Uint8Array([1]))
  expect(saved).toEqual(['u'])
  expect(await store.load('u')).toEqual(new Uint8Array([7]))
})

it('keeps the share in memory when IndexedDB is denied', async () => {
  const store = withMemoryFallback(() => denied)
  expect(await store.load('u')).toBeNull()
  await store.save('u', new Uint8Array([1, 2, 3]))
  expect(await store.load('u')).toEqual(new Uint8Array([1, 2, 3]))
  await store.clear('u')
  expect(await store.load('u')).toBeNull()
})
