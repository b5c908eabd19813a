import { assertShare } from '../keys/combineShares.ts'
import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'

/**
 * A DeviceShareStore in memory, with the IndexedDB store's contract (share checked on save, null when
 * none, copies in and out so a caller wiping its buffer does not wipe the stored one). For tests in
 * node (no IndexedDB), and for a browser that denies the frame IndexedDB: then nothing survives a
 * reload, and the next login on this device asks for the recovery code.
 */
export function createMemoryDeviceShareStore(): DeviceShareStore {
  const shares = new Map<string, Uint8Array>()
  return {
    async save(userId, share) {
      assertShare(share)
      shares.get(userId)?.fill(0)
      shares.set(userId, share.slice())
    },
    async load(userId) {
      return shares.get(userId)?.slice() ?? null
    },
    async clear(userId) {
      shares.get(userId)?.fill(0)
      shares.delete(userId)
    },
  }
}
