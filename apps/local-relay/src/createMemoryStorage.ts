import type { IKeyValueStorage } from '@walletconnect/keyvaluestorage'

/**
 * An in-memory KeyValueStorage for a WalletConnect client in Node tests: the SDK's default writes
 * files through unstorage, and two clients in one process must not share state. Values are cloned
 * both ways, as a real store would serialise them.
 */
export function createMemoryStorage(): IKeyValueStorage {
  const items = new Map<string, unknown>()
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() =>
      [...items.entries()].map(([k, v]): [string, T] => [k, structuredClone(v) as T]),
    getItem: async <T>(key: string) => (items.has(key) ? (structuredClone(items.get(key)) as T) : undefined),
    setItem: async <T>(key: string, value: T) => {
      items.set(key, structuredClone(value))
    },
    removeItem: async (key: string) => {
      items.delete(key)
    },
  }
}
