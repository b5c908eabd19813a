import type { DeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { log } from '../log.ts'

/**
 * The device share store, falling back to memory where the browser denies the frame IndexedDB
 * (a third-party frame under strict settings): the share then lives as long as the page, and the
 * next visit restores the wallet with the recovery text instead of failing to log in.
 */
export function withMemoryFallback(open: () => DeviceShareStore): DeviceShareStore {
  const memory = new Map<string, Uint8Array>()
  let real: DeviceShareStore | undefined
  try {
    real = open()
  } catch {
    real = undefined
  }
  const attempt = async <T>(op: (store: DeviceShareStore) => Promise<T>, fallback: () => T): Promise<T> => {
    if (real) {
      try {
        return await op(real)
      } catch {
        log.warn('storage is denied here: the device share lasts for this page only')
        real = undefined
      }
    }
    return fallback()
  }
  return {
    save: (userId, share) =>
      attempt(
        (s) => s.save(userId, share),
        () => void memory.set(userId, share.slice()),
      ),
    load: (userId) =>
      attempt(
        (s) => s.load(userId),
        () => memory.get(userId)?.slice() ?? null,
      ),
    clear: (userId) =>
      attempt(
        (s) => s.clear(userId),
        () => void memory.delete(userId),
      ),
  }
}
