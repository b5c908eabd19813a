import type { AppKit } from '@modalkit/host-loader/types'

// The modal the React hooks use: the one `createAppKit()` made (AppKit's hooks take no argument
// either), else `window.appkit` of a script tag.

let current: AppKit | undefined

/** Remembers the modal `createAppKit()` returned, for the hooks. */
export function setCurrentAppKit(appkit: AppKit): void {
  current = appkit
}

/** The modal the hooks read: `createAppKit()`'s, else `window.appkit`; throws before either exists. */
export function currentAppKit(): AppKit {
  const appkit =
    current ??
    (typeof window === 'undefined' ? undefined : (Reflect.get(window, 'appkit') as AppKit | undefined))
  if (!appkit) throw new Error('[appkit] call createAppKit() before using the hooks')
  return appkit
}
