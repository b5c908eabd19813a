// Modalkit's EIP-1193 provider, as a site gets it: `window.appkit.getProvider('eip155')` once the
// async script tag has run. (wagmi finds the same provider by EIP-6963 instead: wagmi.ts.)

// The types are the package's (`@modalkit/appkit`): one source for everything on `window.appkit`.
import type { AppKit } from '@modalkit/appkit'

export type { Eip1193Provider } from '@modalkit/appkit'

declare global {
  interface Window {
    appkit?: AppKit
  }
}

/** `window.appkit`, now or when `appkit.js` (an async script) has run. */
export function appkit(): Promise<AppKit> {
  if (window.appkit) return Promise.resolve(window.appkit)
  const script = document.querySelector('script[src$="/appkit.js"]')
  return new Promise((resolve, reject) => {
    script?.addEventListener('load', () => (window.appkit ? resolve(window.appkit) : reject()))
    script?.addEventListener('error', () => reject(new Error('appkit.js did not load')))
  })
}
