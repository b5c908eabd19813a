import { type AnnouncedWallet, announcedWalletSchema, MAX_ANNOUNCED_WALLETS } from '@modalkit/protocol'
import type { Eip1193Provider } from './createProvider.ts'
import { isMobileBrowser, legacyWalletName } from './inAppWallet.ts'

/** A host-page wallet: what the modal is told (checked data) and the provider the loader calls. */
export type DiscoveredWallet = { info: AnnouncedWallet; provider: Eip1193Provider }

type AnnounceDetail = { info?: Record<string, unknown>; provider?: Eip1193Provider }

const LEGACY_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#8a94a6"/><path d="M9 11h14v11H9z" fill="none" stroke="#fff" stroke-width="2.2"/></svg>',
  )

/**
 * Collects the host page's browser wallets by EIP-6963 (and a legacy `window.ethereum`, labelled so).
 * Announcements are untrusted page data: each is checked by the protocol schema (an icon that is not
 * an image data URL or https is dropped, not shown), our own provider and anything claiming our
 * rdns are left out, repeats of a uuid are ignored and the list is capped, so a page that announces
 * hundreds of wallets cannot stall the modal. On a mobile browser with a `window.ethereum`, the page
 * is most likely a wallet's in-app browser: that provider (announced or legacy) is marked `inApp`, so
 * the modal offers it first.
 */
export function discoverWallets(
  own: { provider: Eip1193Provider; rdns: string },
  onChange: (wallets: DiscoveredWallet[]) => void,
): { wallets(): DiscoveredWallet[]; find(uuid: string): DiscoveredWallet | undefined; stop(): void } {
  const found = new Map<string, DiscoveredWallet>()
  const legacy = (window as { ethereum?: Eip1193Provider }).ethereum
  const inAppProvider = legacy && isMobileBrowser() ? legacy : undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const changed = () => {
    clearTimeout(timer)
    // Announcements come in bursts: one update for the burst.
    timer = setTimeout(() => onChange([...found.values()]), 30)
  }

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<AnnounceDetail>).detail
    const provider = detail?.provider
    if (!provider || provider === own.provider || typeof provider.request !== 'function') return
    const raw = detail.info ?? {}
    const uuid = typeof raw.uuid === 'string' ? raw.uuid : ''
    if (found.has(uuid)) return
    if (found.size >= MAX_ANNOUNCED_WALLETS) {
      console.warn(`[appkit] more than ${MAX_ANNOUNCED_WALLETS} wallets announced; the rest are ignored`)
      return
    }
    const candidate = {
      uuid,
      name: raw.name,
      rdns: raw.rdns,
      icon: raw.icon,
      ...(provider === inAppProvider ? { inApp: true } : {}),
    }
    let parsed = announcedWalletSchema.safeParse(candidate)
    // A bad icon alone does not hide the wallet: it is shown with a placeholder instead.
    if (!parsed.success) parsed = announcedWalletSchema.safeParse({ ...candidate, icon: undefined })
    if (!parsed.success) {
      console.warn('[appkit] ignored a malformed wallet announcement')
      return
    }
    if (parsed.data.rdns === own.rdns) {
      console.warn(`[appkit] ignored a wallet claiming to be ${own.rdns}`)
      return
    }
    found.set(uuid, { info: parsed.data, provider })
    changed()
  }

  window.addEventListener('eip6963:announceProvider', onAnnounce)
  window.dispatchEvent(new Event('eip6963:requestProvider'))

  // The legacy injected provider, unless it is one of the announced ones (checked after they answered).
  setTimeout(() => {
    if (!legacy || typeof legacy.request !== 'function' || legacy === own.provider) return
    if ([...found.values()].some((w) => w.provider === legacy)) return
    found.set('legacy-injected', {
      info: {
        uuid: 'legacy-injected',
        name: legacyWalletName(legacy) ?? 'Browser Wallet',
        rdns: 'legacy.injected',
        icon: LEGACY_ICON,
        legacy: true,
        ...(legacy === inAppProvider ? { inApp: true } : {}),
      },
      provider: legacy,
    })
    changed()
  }, 100)

  return {
    wallets: () => [...found.values()],
    find: (uuid) => found.get(uuid),
    stop() {
      clearTimeout(timer)
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
    },
  }
}
