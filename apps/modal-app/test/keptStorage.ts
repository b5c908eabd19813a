import { vi } from 'vitest'

/** The page's local storage (the modal origin's), a map kept across the reloads of one test. */
export function keptStorage(entries: [string, string][]): Map<string, string> {
  const kept = new Map<string, string>(entries)
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => kept.set(key, value),
    removeItem: (key: string) => kept.delete(key),
  })
  return kept
}
