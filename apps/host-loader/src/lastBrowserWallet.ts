import { STORAGE_PREFIX } from '@modalkit/shared'
import type { DiscoveredWallet } from './discoverWallets.ts'

// The browser wallets a site's visitor connected last (EVM and Bitcoin), kept in the site's own
// localStorage (as AppKit keeps its connector id there) so the next visit reconnects them without a
// click: names only, which any page can read from the wallets' announcements anyway. A page whose
// storage throws just does not reconnect.

/** The last-used network, per chain family, and which family was active (SPEC §3 local storage). */
export type LastNetworks = { active: string; chains: Record<string, string> }

/** What the site's visitor last had selected, under SPEC's key; its networks are no secret either. */
const lastNetworkStore = rememberedWallet(`${STORAGE_PREFIX}LAST_USED_CHAIN_KEY`)

/** The stored choice; anything malformed (another version, a tampered value) reads as none. */
function readLastNetworks(): LastNetworks | undefined {
  try {
    const parsed: unknown = JSON.parse(lastNetworkStore.get() ?? 'null')
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { active, chains } = parsed as Partial<LastNetworks>
    if (typeof active !== 'string' || typeof chains !== 'object' || chains === null) return undefined
    const valid = Object.entries(chains).filter(
      ([namespace, id]) => typeof id === 'string' && id.startsWith(`${namespace}:`),
    )
    return { active, chains: Object.fromEntries(valid) }
  } catch {
    return undefined
  }
}

export const lastNetwork = {
  /** The network to start on: the last one selected, while the site still configures it. */
  pick(configured: readonly string[]): string | undefined {
    const last = readLastNetworks()
    const id = last?.chains[last.active]
    return id && configured.includes(id) ? id : undefined
  },
  /** Records `caipNetworkId` as its family's last-used network and that family as the active one. */
  set(caipNetworkId: string): void {
    const namespace = caipNetworkId.split(':')[0] ?? ''
    const chains = { ...readLastNetworks()?.chains, [namespace]: caipNetworkId }
    const next: LastNetworks = { active: namespace, chains }
    lastNetworkStore.set(JSON.stringify(next))
  },
}

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
