/** A `Storage` kept in memory, for pages where the browser denies real storage. */
function createMemoryStorage(): Storage {
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

/**
 * Browsers may deny a third-party frame all storage (Safari-like settings, some privacy modes):
 * then merely reading `window.localStorage` throws, and so does importing a library that reads it
 * (WalletConnect's key-value store does, at load). The modal then keeps what it would store in
 * memory for the life of the page: a connection lasts until reload instead of failing outright.
 * Answers whether real storage is available.
 */
export function ensureStorage(scope: Window = window): boolean {
  try {
    const probe = '@appkit-wallet/probe'
    scope.localStorage.setItem(probe, '1')
    scope.localStorage.removeItem(probe)
    return true
  } catch {
    Object.defineProperty(scope, 'localStorage', { value: createMemoryStorage(), configurable: true })
    Object.defineProperty(scope, 'sessionStorage', { value: createMemoryStorage(), configurable: true })
    return false
  }
}
