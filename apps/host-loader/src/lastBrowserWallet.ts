import type { DiscoveredWallet } from './discoverWallets.ts'

// The browser wallets a site's visitor connected last (EVM and Bitcoin), kept in the site's own
// localStorage (as AppKit keeps its connector id there) so the next visit reconnects them without a
// click: names only, which any page can read from the wallets' announcements anyway. A page whose
// storage throws just does not reconnect.

/** How long to wait for the wallet's announcement (EIP-6963, Wallet Standard) on load. */
const ANNOUNCE_WAIT_MS = 1_000

/** One remembered wallet under its own key of the site's localStorage. */
function rememberedWallet(key: string) {
  return {
    get(): string | undefined {
      try {
        return localStorage.getItem(key) ?? undefined
      } catch {
        return undefined
      }
    },
    set(id: string): void {
      try {
        localStorage.setItem(key, id)
      } catch {}
    },
    forget(): void {
      try {
        localStorage.removeItem(key)
      } catch {}
    },
  }
}

/** The EVM browser wallet, by its rdns. */
export const lastBrowserWallet = rememberedWallet('modalkit:last-browser-wallet')
/** The Bitcoin browser wallet, by `bitcoinWalletKey` (bitcoinWalletConnector.ts). */
export const lastBitcoinWallet = rememberedWallet('modalkit:last-bitcoin-wallet')

/** What `find` finds, waiting a moment for a wallet that announces late. */
export async function waitForWallet<T>(
  find: () => T | undefined,
  waitMs = ANNOUNCE_WAIT_MS,
): Promise<T | undefined> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const wallet = find()
    if (wallet || Date.now() >= deadline) return wallet
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The announced wallet with this rdns, waiting a moment for a wallet that announces late. */
export function waitForAnnounced(
  wallets: () => DiscoveredWallet[],
  rdns: string,
  waitMs = ANNOUNCE_WAIT_MS,
): Promise<DiscoveredWallet | undefined> {
  return waitForWallet(() => wallets().find((candidate) => candidate.info.rdns === rdns), waitMs)
}
