import type { AppKit } from '@modalkit/host-loader/types'

// The modal the React hooks and the wagmi adapter use: the one `createAppKit()` made (AppKit's hooks
// take no argument either), else `window.appkit` of a script tag.

let current: AppKit | undefined
const waiting = new Set<(appkit: AppKit) => void>()

function windowAppKit(): AppKit | undefined {
  return typeof window === 'undefined' ? undefined : (Reflect.get(window, 'appkit') as AppKit | undefined)
}

/** Remembers the modal `createAppKit()` returned, for the hooks; tells those waiting for one. */
export function setCurrentAppKit(appkit: AppKit): void {
  current = appkit
  for (const listener of waiting) listener(appkit)
  waiting.clear()
}

/** The modal, or undefined before `createAppKit()` (or a script tag) made one. */
export function findAppKit(): AppKit | undefined {
  return current ?? windowAppKit()
}

/** The modal the hooks read: `createAppKit()`'s, else `window.appkit`; throws before either exists. */
export function currentAppKit(): AppKit {
  const appkit = findAppKit()
  if (!appkit) throw new Error('[appkit] call createAppKit() before using the hooks')
  return appkit
}

/**
 * Calls `listener` with the modal now if there is one, else once `createAppKit()` makes it (AppKit's
 * wagmi adapter is made before `createAppKit()`). Returns a function that stops waiting.
 */
export function whenAppKit(listener: (appkit: AppKit) => void): () => void {
  const appkit = findAppKit()
  if (appkit) {
    listener(appkit)
    return () => {}
  }
  waiting.add(listener)
  return () => waiting.delete(listener)
}
