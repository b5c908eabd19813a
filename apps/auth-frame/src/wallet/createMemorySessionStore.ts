import type { SessionStore } from './SessionStore.ts'

/** A SessionStore in memory: for tests, and for a frame whose storage the browser denies. */
export function createMemorySessionStore(): SessionStore {
  const values = new Map<string, string>()
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  }
}
