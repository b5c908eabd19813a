import { SOCIAL_POPUP } from '@modalkit/shared'

/**
 * The social login's 600x800 popup, blank until the provider's URL is known: opened in the click,
 * before anything is awaited (the embedded wallet's code too: createLazyEmbeddedConnector.ts), so
 * no popup blocker stops it. Null when one did.
 */
export function openSocialPopup(): Window | null {
  const { width, height } = SOCIAL_POPUP
  const left = Math.max(0, Math.round((screen.width - width) / 2))
  const top = Math.max(0, Math.round((screen.height - height) / 2))
  return window.open('', 'appkit-social', `width=${width},height=${height},left=${left},top=${top}`)
}
