/** The key-value store the WalletConnect clients take (`IKeyValueStorage` of @walletconnect/keyvaluestorage). */
export type KeyValueStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = unknown>(): Promise<[string, T][]>
  getItem<T = unknown>(key: string): Promise<T | undefined>
  setItem<T = unknown>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

/**
 * WalletConnect's session store over the modal origin's localStorage (or the in-memory stand-in
 * `ensureStorage` put in its place). The SDK's default store moves itself to IndexedDB and waits
 * forever when a third-party frame is denied IndexedDB, so the modal always passes this one.
 */
export function createLocalStorageStore(prefix: string, storage: Storage = localStorage): KeyValueStorage {
  const keys = () => {
    const result: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key?.startsWith(prefix)) result.push(key.slice(prefix.length))
    }
    return result
  }
  const read = <T>(key: string): T | undefined => {
    const text = storage.getItem(prefix + key)
    if (text === null) return undefined
    try {
      return JSON.parse(text) as T
    } catch {
      return undefined
    }
  }
  return {
    getKeys: async () => keys(),
    getEntries: async <T>() => keys().map((key): [string, T] => [key, read<T>(key) as T]),
    getItem: async <T>(key: string) => read<T>(key),
    setItem: async (key, value) => storage.setItem(prefix + key, JSON.stringify(value)),
    removeItem: async (key) => storage.removeItem(prefix + key),
  }
}
