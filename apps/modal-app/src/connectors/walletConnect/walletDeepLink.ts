import type { DirectoryWallet } from '@modalkit/protocol'

/** `scheme://` bases get `wc`, https bases `/wc`, as the wallets document. */
function join(base: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (base.startsWith('https://')) return `${base.replace(/\/+$/, '')}/wc?uri=${encoded}`
  const scheme = base.endsWith('//') ? base : `${base.replace(/\/+$/, '')}/`
  return `${scheme}wc?uri=${encoded}`
}

/**
 * The link that opens a wallet app with a pairing URI: on mobile its native scheme (else its
 * universal link), on desktop its desktop app. `undefined` when the wallet has none for this device.
 *
 * @example walletDeepLink(metamask, 'wc:abc@2?…', true) // 'metamask://wc?uri=wc%3Aabc%402%3F…'
 */
export function walletDeepLink(wallet: DirectoryWallet, uri: string, isMobile: boolean): string | undefined {
  const links = isMobile ? wallet.mobile : wallet.desktop
  const base = links.native ?? links.universal
  return base ? join(base, uri) : undefined
}
