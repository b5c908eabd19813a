/** A `Storage` kept in memory, for pages where the browser denies real storage. */
export function createMemoryStorage(): Storage {
  const items = new Map<string, string>()
  const storage = {
    get length() {
      return items.size
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(String(key)) ?? null,
    setItem: (key: string, value: string) => {
      items.set(String(key), String(value))
    },
    removeItem: (key: string) => {
      items.delete(String(key))
    },
    clear: () => items.clear(),
  }
  // Libraries list keys with Object.keys(localStorage), as browsers allow.
  return new Proxy(storage, {
    ownKeys: () => [...items.keys()],
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === 'string' && items.has(key)
        ? { enumerable: true, configurable: true, value: items.get(key) }
        : undefined,
  }) as unknown as Storage
}
