import type { Eip1193Provider } from './createProvider.ts'
import { toProviderRpcError } from './ProviderRpcError.ts'

type Handler = (...args: never[]) => void

export type LazyProvider = {
  provider: Eip1193Provider
  /** Hands over the core's provider: listeners added so far move onto it. */
  attach(inner: Eip1193Provider): void
}

/**
 * The EIP-1193 provider a page gets at once (`getProvider('eip155')`, EIP-6963), before the core is
 * loaded: one object for the page's lifetime, whose methods delegate to the core's provider. Its
 * listeners wait here until the core comes; they miss nothing, as every event comes from the core.
 */
export function createLazyProvider(load: () => Promise<Eip1193Provider>): LazyProvider {
  let inner: Eip1193Provider | undefined
  const waiting = new Map<string, Set<Handler>>()

  const provider: Eip1193Provider = {
    async request(args) {
      let target: Eip1193Provider
      try {
        target = await load()
      } catch (error) {
        // The core did not load: an EIP-1193 error all the same, as the core's provider would give.
        throw toProviderRpcError(error)
      }
      return target.request(args)
    },
    on(event, handler) {
      if (inner) inner.on(event, handler)
      else {
        const set = waiting.get(event) ?? new Set<Handler>()
        waiting.set(event, set.add(handler))
      }
      return provider
    },
    removeListener(event, handler) {
      if (inner) inner.removeListener(event, handler)
      else waiting.get(event)?.delete(handler)
      return provider
    },
  }

  return {
    provider,
    attach(next) {
      inner = next
      for (const [event, handlers] of waiting) for (const handler of handlers) next.on(event, handler)
      waiting.clear()
    },
  }
}
