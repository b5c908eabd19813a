import { toProviderRpcError } from './ProviderRpcError.ts'

type Handler = (payload: never) => void

/** A provider's event listeners (EIP-1193 style `on` / `removeListener`), one set per event. */
export type ProviderListeners = {
  add(event: string, handler: Handler): void
  remove(event: string, handler: Handler): void
  /** Calls each listener of the event with the payload; one that throws does not stop the others. */
  emit(event: string, payload: unknown): void
}

/** `label` names the provider in the console when a site's listener throws ('solana', 'bitcoin'). */
export function createProviderListeners(label?: string): ProviderListeners {
  const listeners = new Map<string, Set<Handler>>()
  return {
    add(event, handler) {
      const set = listeners.get(event) ?? new Set<Handler>()
      listeners.set(event, set)
      set.add(handler)
    },
    remove(event, handler) {
      listeners.get(event)?.delete(handler)
    },
    emit(event, payload) {
      for (const handler of [...(listeners.get(event) ?? [])]) {
        try {
          ;(handler as (p: unknown) => void)(payload)
        } catch (error) {
          console.error(`[appkit] ${label ? `${label} ` : ''}${event} listener failed`, error)
        }
      }
    },
  }
}

/**
 * Runs a provider call once the modal is ready; every failure reaches the page as a provider error
 * (ProviderRpcError with the EIP-1193 code).
 */
export function whenReady(ready: () => Promise<unknown>) {
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      await ready()
      return await fn()
    } catch (error) {
      throw toProviderRpcError(error)
    }
  }
}
