import { AppKitError, ServiceUnavailableError } from '@modalkit/protocol'

/**
 * Code the modal loads on first need rather than with its first view (the size budget in
 * docs/benchmarks.md): a lazy chunk, fetched once however many calls wait for it. A failed fetch
 * (the chunk unreachable) is not remembered: the next call tries again. It rejects with the
 * retryable 'Service Unavailable' (the browser's own error, which names the chunk's URL, as its
 * details), so the page or view that asked gets a typed error, not code 5000; `load`'s own typed
 * errors pass through.
 */
export function loadOnce<T>(load: () => Promise<T>): { get(): Promise<T>; current(): T | undefined } {
  let loading: Promise<T> | undefined
  let loaded: T | undefined
  return {
    get() {
      if (!loading) {
        const attempt = load().then(
          (value) => {
            loaded = value
            return value
          },
          (error: unknown) => {
            if (error instanceof AppKitError) throw error
            const why = error instanceof Error ? error.message : String(error)
            throw new ServiceUnavailableError(`a part of the modal could not be loaded: ${why}`, error)
          },
        )
        attempt.catch(() => {
          if (loading === attempt) loading = undefined
        })
        loading = attempt
      }
      return loading
    },
    current: () => loaded,
  }
}

type AsyncMethods = Record<string, (...args: never[]) => Promise<unknown>>

/**
 * An object of async methods whose code is in a lazy chunk: each call waits for `get` (loadOnce's),
 * then calls the loaded method. `names` lists every method: the type makes a missing one an error.
 * A chunk that cannot be loaded rejects the call, or, for methods that never reject (their own
 * failures shown as they happen), answers `unloaded(error)` instead.
 */
export function laterMethods<T extends AsyncMethods>(
  get: () => Promise<T>,
  names: Record<keyof T, true>,
  unloaded?: (error: unknown) => void,
): T {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {}
  for (const name of Object.keys(names)) {
    methods[name] = async (...args) => {
      let loaded: T
      try {
        loaded = await get()
      } catch (error) {
        if (!unloaded) throw error
        return unloaded(error)
      }
      const method = loaded[name] as unknown as (...args: unknown[]) => Promise<unknown>
      return method(...args)
    }
  }
  return methods as unknown as T
}
