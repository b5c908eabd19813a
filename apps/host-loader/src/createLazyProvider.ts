import type { AppKitError } from '@modalkit/protocol'
import { ProviderRpcError } from './ProviderRpcError.ts'

type Handler = (...args: never[]) => void

/** What every provider of the loader has: events, as EIP-1193 and the Solana wallets name them. */
export type Emitter = {
  on(event: string, handler: Handler): unknown
  removeListener(event: string, handler: Handler): unknown
}

export type LazyProvider<P extends Emitter> = {
  provider: P
  /** Hands over the core's provider: listeners added so far move onto it. */
  attach(inner: P): void
}

/**
 * A provider a page gets at once (`getProvider('eip155')` and EIP-6963, `getProvider('solana')`),
 * before the core is loaded: one object for the page's lifetime, whose `methods` delegate to the
 * core's provider and whose `fields` read it (their fallback until it comes). Its listeners wait here
 * until the core comes; they miss nothing, as every event comes from the core. The logic stays in the
 * core (stage 2): stage 1 has a 4 KB budget.
 */
export function createLazyProvider<P extends Emitter>(
  load: () => Promise<P>,
  methods: readonly string[],
  fields: Record<string, unknown> = {},
): LazyProvider<P> {
  let inner: Record<string, unknown> | undefined
  const waiting = new Map<string, Set<Handler>>()
  const provider: Record<string, unknown> = {}

  for (const name of methods) {
    provider[name] = async (...args: unknown[]) => {
      let target: Record<string, unknown>
      try {
        target = (await load()) as unknown as Record<string, unknown>
      } catch (error) {
        // Only the core's load fails here (iframe_load_failed): the core's provider answers the rest.
        const { code, shortMessage = 'Internal error', details } = (error ?? {}) as Partial<AppKitError>
        throw new ProviderRpcError(-32603, shortMessage, { code, details })
      }
      return (target[name] as (...a: unknown[]) => unknown)(...args)
    }
  }
  for (const [name, fallback] of Object.entries(fields)) {
    Object.defineProperty(provider, name, { enumerable: true, get: () => (inner ? inner[name] : fallback) })
  }
  provider.on = (event: string, handler: Handler) => {
    if (inner) (inner as unknown as P).on(event, handler)
    else waiting.set(event, (waiting.get(event) ?? new Set<Handler>()).add(handler))
    return provider
  }
  provider.removeListener = (event: string, handler: Handler) => {
    if (inner) (inner as unknown as P).removeListener(event, handler)
    else waiting.get(event)?.delete(handler)
    return provider
  }

  return {
    provider: provider as unknown as P,
    attach(next) {
      inner = next as unknown as Record<string, unknown>
      for (const [event, handlers] of waiting) for (const handler of handlers) next.on(event, handler)
      waiting.clear()
    },
  }
}
