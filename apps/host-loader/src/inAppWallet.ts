/**
 * Names a legacy `window.ethereum` provider by the flags wallets set on it. Several wallets also set
 * `isMetaMask` for compatibility, so MetaMask is checked last. The flags are page data: the name is
 * only shown as text, tagged as a browser wallet.
 */
const FLAG_NAMES: readonly (readonly [string, string])[] = [
  ['isTrust', 'Trust Wallet'],
  ['isTrustWallet', 'Trust Wallet'],
  ['isCoinbaseWallet', 'Coinbase Wallet'],
  ['isRainbow', 'Rainbow'],
  ['isOkxWallet', 'OKX Wallet'],
  ['isBitKeep', 'Bitget Wallet'],
  ['isTokenPocket', 'TokenPocket'],
  ['isZerion', 'Zerion'],
  ['isRabby', 'Rabby'],
  ['isPhantom', 'Phantom'],
  ['isBraveWallet', 'Brave Wallet'],
  ['isMetaMask', 'MetaMask'],
]

export function legacyWalletName(provider: object): string | undefined {
  const flags = provider as Record<string, unknown>
  return FLAG_NAMES.find(([flag]) => flags[flag] === true)?.[1]
}

/**
 * Whether this page is likely a mobile wallet's in-app browser: a mobile browser (User-Agent Client
 * Hints where the browser has them, else the user agent) with an injected `window.ethereum`.
 */
export function isMobileBrowser(nav: Navigator = navigator): boolean {
  const hints = (nav as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData
  if (typeof hints?.mobile === 'boolean' && hints.mobile) return true
  return /Mobi|Android|iPhone|iPad|iPod/i.test(nav.userAgent)
}
