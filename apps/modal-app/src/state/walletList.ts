import type { CustomWallet, DirectoryWallet, InitOptions, Namespace } from '@modalkit/protocol'

/**
 * A wallet of the modal's lists: the directory's (from the API), or one the site listed itself
 * (`customWallets`, marked `custom`). A custom wallet is the site's word only: it is never kept as a
 * recent wallet, which the modal's origin shares with every other site.
 */
export type ListedWallet = DirectoryWallet & { custom?: true }

/** AppKit's wallet-list options as the views use them. */
export type WalletListOptions = {
  /** Directory wallets shown first, in this order (ours or WalletGuide's ids). */
  featured: readonly string[]
  /** Only these directory wallets, in this order; `undefined`: every one. */
  include: readonly string[] | undefined
  /** Directory wallets never shown. */
  exclude: readonly string[]
  /** The site's own wallets, after the featured ones. */
  custom: readonly ListedWallet[]
  allWallets: NonNullable<InitOptions['allWallets']>
}

/** A link base by its kind: https is a universal link, any other (checked) scheme the native app's. */
const linkBase = (link: string | null | undefined): DirectoryWallet['mobile'] =>
  !link ? {} : link.startsWith('https://') ? { universal: link } : { native: link }

/**
 * A custom wallet in the lists' shape: its mobile link on phones; on desktops its desktop link, else
 * its web app; where to get it (homepage, app stores) for ConnectingWalletConnect. Its image, if any,
 * is shown through WalletIcon's checks like a browser wallet's.
 */
export function listCustomWallet(wallet: CustomWallet): ListedWallet {
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: wallet.image_url ?? '',
    mobile: linkBase(wallet.mobile_link),
    desktop: linkBase(wallet.desktop_link ?? wallet.webapp_link),
    namespaces: [],
    ...(wallet.homepage ? { homepage: wallet.homepage } : {}),
    ...(wallet.app_store ? { appStore: wallet.app_store } : {}),
    ...(wallet.play_store ? { playStore: wallet.play_store } : {}),
    custom: true,
  }
}

/** The site's wallet-list options (AppKit's `featuredWalletIds`, ..., `allWallets`), defaults filled. */
export function walletListOptions(options: InitOptions | undefined): WalletListOptions {
  return {
    featured: options?.featuredWalletIds ?? [],
    include: options?.includeWalletIds,
    exclude: options?.excludeWalletIds ?? [],
    custom: (options?.customWallets ?? []).map(listCustomWallet),
    allWallets: options?.allWallets ?? 'SHOW',
  }
}

/** Whether `ids` names the wallet, by our id or WalletGuide's. */
export const namesWallet = (ids: readonly string[], wallet: ListedWallet): boolean =>
  ids.includes(wallet.id) || (wallet.walletGuideId !== undefined && ids.includes(wallet.walletGuideId))

/**
 * The featured wallets as the directory gave them (in `featured` order), without the ones
 * `includeWalletIds` leaves out, and without the ones already listed above them (`shown`: the
 * browser wallets by rdns, the recent ones by id).
 */
export function pickFeatured(
  wallets: readonly ListedWallet[],
  { include }: Pick<WalletListOptions, 'include'>,
  shown: { rdns: readonly string[]; ids: readonly string[] },
): ListedWallet[] {
  return wallets.filter(
    (wallet) =>
      (!include || namesWallet(include, wallet)) &&
      !(wallet.rdns && shown.rdns.includes(wallet.rdns)) &&
      !shown.ids.includes(wallet.id),
  )
}

/** Whether the Connect view offers All Wallets (AppKit's `allWallets`). */
export const offersAllWallets = (mode: WalletListOptions['allWallets'], isMobile: boolean): boolean =>
  mode === 'SHOW' || (mode === 'ONLY_MOBILE' && isMobile)

/** Whether a wallet's name holds the search, as the directory's search matches (case-insensitive). */
export const nameMatches = (wallet: ListedWallet, search: string): boolean =>
  wallet.name.toLowerCase().includes(search.trim().toLowerCase())

/** The namespaces the directory is searched for: the site's networks' that wallets list (EVM, Solana). */
export const directoryNamespaces = (networks: readonly { chainNamespace: string }[]): Namespace[] =>
  [...new Set(networks.map((n) => n.chainNamespace))].filter(
    (n): n is Namespace => n === 'eip155' || n === 'solana',
  )

/**
 * Where to get a listed wallet: on a phone its app store page (Apple's on iOS, Google's on Android),
 * else its homepage. `undefined` when the wallet names none.
 */
export function whereToGet(wallet: ListedWallet, isMobile: boolean, userAgent: string): string | undefined {
  if (isMobile) {
    const store = /iPhone|iPad|iPod/.test(userAgent)
      ? wallet.appStore
      : /Android/.test(userAgent)
        ? wallet.playStore
        : undefined
    if (store) return store
  }
  return wallet.homepage
}
