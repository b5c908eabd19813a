import { STORAGE_PREFIX } from '@modalkit/shared'

/** SPEC §3 local storage keys (prefix `@appkit-wallet/`). */
export const EMBEDDED_KEYS = {
  email: `${STORAGE_PREFIX}EMAIL`,
  loginUsed: `${STORAGE_PREFIX}EMAIL_LOGIN_USED_KEY`,
  lastLoginTime: `${STORAGE_PREFIX}LAST_EMAIL_LOGIN_TIME`,
  socialProvider: `${STORAGE_PREFIX}SOCIAL_PROVIDER`,
} as const

export type EmbeddedStorage = {
  read(key: string): string | undefined
  /** Writes a value, or removes it when `undefined`. */
  write(key: string, value: string | undefined): void
}

/** The embedded wallet's keys in `storage`; where storage is denied the values last for the page only. */
export function embeddedStorage(storage: Storage | undefined): EmbeddedStorage {
  return {
    read(key) {
      try {
        return storage?.getItem(key) ?? undefined
      } catch {
        return undefined
      }
    },
    write(key, value) {
      try {
        if (value === undefined) storage?.removeItem(key)
        else storage?.setItem(key, value)
      } catch {
        // Storage denied to this frame: the values last for the page only.
      }
    },
  }
}
