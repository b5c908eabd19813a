import type { Eip1193Provider } from './createProvider.ts'

// Attribute quotes as ', so only < > # need escaping: a third of the bytes of encodeURIComponent's.
export const PROVIDER_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%233b6cf6'/%3E%3Cpath d='M9 12h14v10H9z' fill='none' stroke='%23fff' stroke-width='2.4'/%3E%3Ccircle cx='19' cy='17' r='1.8' fill='%23fff'/%3E%3C/svg%3E"

export const PROVIDER_INFO_NAME = 'Modalkit'
export const PROVIDER_INFO_RDNS = 'dev.modalkit'

/**
 * Announces the provider by EIP-6963, now and whenever a dapp asks, so wagmi, RainbowKit-style
 * pickers and any EIP-6963 discovery find it without touching `window.ethereum`.
 */
export function announceProvider(provider: Eip1193Provider): void {
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: crypto.randomUUID(),
      name: PROVIDER_INFO_NAME,
      icon: PROVIDER_ICON,
      rdns: PROVIDER_INFO_RDNS,
    }),
    provider,
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}
