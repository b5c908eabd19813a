import { createMemoryStorage } from './createMemoryStorage.ts'

/**
 * Browsers may deny a third-party frame all storage (Safari-like settings, some privacy modes):
 * then merely reading `window.localStorage` throws, and so does importing a library that reads it
 * (WalletConnect's key-value store does, at load). The modal then keeps what it would store in
 * memory for the life of the page: a connection lasts until reload instead of failing outright.
 * Answers whether real storage is available.
 */
export function ensureStorage(scope: Window = window): boolean {
  try {
    const probe = '@appkit-wallet/probe'
    scope.localStorage.setItem(probe, '1')
    scope.localStorage.removeItem(probe)
    return true
  } catch {
    Object.defineProperty(scope, 'localStorage', { value: createMemoryStorage(), configurable: true })
    Object.defineProperty(scope, 'sessionStorage', { value: createMemoryStorage(), configurable: true })
    return false
  }
}
