import { STORAGE_PREFIX } from '@modalkit/shared'
import type { SessionStore } from '../wallet/SessionStore.ts'

/**
 * The secure origin's localStorage (partitioned per site by the browser: a session never leaks to
 * another site's frame), or memory where the browser denies a third-party frame storage; then the
 * login lasts for the page. No cookies: the API gets the session as a bearer token.
 */
export function createSessionStore(scope: { localStorage?: Storage } = globalThis): SessionStore {
  let local: Storage | undefined
  try {
    local = scope.localStorage
    local?.setItem(`${STORAGE_PREFIX}probe`, '1')
    local?.removeItem(`${STORAGE_PREFIX}probe`)
  } catch {
    local = undefined
  }
  const memory = new Map<string, string>()
  return {
    get: (key) => (local ? local.getItem(STORAGE_PREFIX + key) : (memory.get(key) ?? null)),
    set: (key, value) => {
      if (local) local.setItem(STORAGE_PREFIX + key, value)
      else memory.set(key, value)
    },
    remove: (key) => {
      if (local) local.removeItem(STORAGE_PREFIX + key)
      else memory.delete(key)
    },
  }
}
