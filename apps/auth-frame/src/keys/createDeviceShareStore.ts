import { assertShare } from './combineShares.ts'
import { createWrappingKey, unwrapShare, type WrappedShare, wrapShare } from './wrapShare.ts'

const DB_NAME = 'modalkit-keys'
const STORE = 'deviceShares'
const KEY_ID = 'wrapping-key'

export type DeviceShareStore = {
  save(userId: string, share: Uint8Array): Promise<void>
  /** The share, or null when this device holds none for the user. */
  load(userId: string): Promise<Uint8Array | null>
  clear(userId: string): Promise<void>
}

type ShareRecord = WrappedShare

/**
 * The device share at rest, in the frame origin's IndexedDB, wrapped by a non-extractable AES-GCM key
 * kept in the same database (CryptoKey objects are structured-cloneable). Records are per user id.
 * Only this file touches IndexedDB and it is kept tiny: the crypto is `wrapShare.ts`, unit-tested in
 * node; this part is covered by the browser end-to-end suite (node has no IndexedDB).
 */
export function createDeviceShareStore(idb: IDBFactory): DeviceShareStore {
  let opened: Promise<IDBDatabase> | undefined
  const db = () => {
    opened ??= new Promise((resolve, reject) => {
      const open = idb.open(DB_NAME, 1)
      open.onupgradeneeded = () => open.result.createObjectStore(STORE)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    return opened
  }
  const run = async <T>(mode: IDBTransactionMode, op: (store: IDBObjectStore) => IDBRequest<T>) => {
    const tx = (await db()).transaction(STORE, mode)
    const request = op(tx.objectStore(STORE))
    return new Promise<T>((resolve, reject) => {
      tx.oncomplete = () => resolve(request.result)
      tx.onerror = tx.onabort = () => reject(tx.error ?? request.error)
    })
  }
  const wrappingKey = async (): Promise<CryptoKey> => {
    const existing = await run<CryptoKey | undefined>('readonly', (s) => s.get(KEY_ID))
    if (existing) return existing
    const key = await createWrappingKey()
    // `add`, not `put`: when two tabs race, the first key wins and both use it.
    await run('readwrite', (s) => s.add(key, KEY_ID)).catch(() => undefined)
    return (await run<CryptoKey | undefined>('readonly', (s) => s.get(KEY_ID)))!
  }
  const recordId = (userId: string) => `share:${userId}`

  return {
    async save(userId, share) {
      assertShare(share)
      const record: ShareRecord = await wrapShare(await wrappingKey(), share, userId)
      await run('readwrite', (s) => s.put(record, recordId(userId)))
    },
    async load(userId) {
      const record = await run<ShareRecord | undefined>('readonly', (s) => s.get(recordId(userId)))
      if (!record) return null
      return unwrapShare(await wrappingKey(), record, userId)
    },
    async clear(userId) {
      await run('readwrite', (s) => s.delete(recordId(userId)))
    },
  }
}
