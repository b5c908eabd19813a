import type { DiscoveredWallet } from './discoverWallets.ts'

// The browser wallet a site's visitor connected last, kept in the site's own localStorage (as AppKit
// keeps its connector id there) so the next visit reconnects it without a click: its rdns only, which
// any page can read from the wallet's announcement anyway. A page whose storage throws just does not
// reconnect.

const KEY = 'modalkit:last-browser-wallet'
/** How long to wait for the wallet's EIP-6963 announcement on load. */
const ANNOUNCE_WAIT_MS = 1_000

export const lastBrowserWallet = {
  get(): string | undefined {
    try {
      return localStorage.getItem(KEY) ?? undefined
    } catch {
      return undefined
    }
  },
  set(rdns: string): void {
    try {
      localStorage.setItem(KEY, rdns)
    } catch {}
  },
  forget(): void {
    try {
      localStorage.removeItem(KEY)
    } catch {}
  },
}

/** The announced wallet with this rdns, waiting a moment for a wallet that announces late. */
export async function waitForAnnounced(
  wallets: () => DiscoveredWallet[],
  rdns: string,
  waitMs = ANNOUNCE_WAIT_MS,
): Promise<DiscoveredWallet | undefined> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const wallet = wallets().find((candidate) => candidate.info.rdns === rdns)
    if (wallet || Date.now() >= deadline) return wallet
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
