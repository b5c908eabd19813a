import type { DirectoryWallet, Namespace } from '@modalkit/protocol'
import type { DirectoryEntry } from './walletDirectory.ts'

export type SearchWalletsParameters = {
  search?: string | undefined
  /** A wallet matches when it supports one of these namespaces. */
  namespaces?: readonly Namespace[] | undefined
  page: number
  entries: number
  /** Only these wallets (our ids or WalletGuide's), in this order. */
  include?: readonly string[] | undefined
  /** Never these wallets (our ids or WalletGuide's). */
  exclude?: readonly string[] | undefined
}

/** Where `wallet` is in `ids` by either of its ids, or -1. */
const indexIn = (ids: readonly string[], wallet: DirectoryEntry) =>
  ids.findIndex((id) => id === wallet.id || id === wallet.walletGuideId)

/**
 * One page of the directory: name search (case-insensitive, anywhere in the name), namespace filter,
 * in directory order (popularity); with `include`, only those wallets and in that order (AppKit's
 * `includeWalletIds` and featured wallets); `exclude` leaves wallets out.
 *
 * @example searchWallets(WALLET_DIRECTORY, { search: 'meta', page: 1, entries: 40 })
 */
export function searchWallets(
  directory: readonly DirectoryEntry[],
  { search, namespaces, page, entries, include, exclude }: SearchWalletsParameters,
): { count: number; data: DirectoryWallet[] } {
  const needle = search?.trim().toLowerCase() ?? ''
  const matching = directory.filter(
    (wallet) =>
      (needle === '' || wallet.name.toLowerCase().includes(needle)) &&
      (!namespaces || namespaces.length === 0 || namespaces.some((n) => wallet.namespaces.includes(n))) &&
      (!include || indexIn(include, wallet) !== -1) &&
      (!exclude || indexIn(exclude, wallet) === -1),
  )
  if (include) matching.sort((a, b) => indexIn(include, a) - indexIn(include, b))
  const data = matching.slice((page - 1) * entries, page * entries).map(
    ({ id, walletGuideId, name, mobile, desktop, namespaces: supported, rdns }): DirectoryWallet => ({
      id,
      ...(walletGuideId ? { walletGuideId } : {}),
      name,
      // A path on the API: the modal resolves it against the API's URL.
      imageUrl: `/v1/wallets/${id}/image`,
      mobile,
      desktop,
      namespaces: supported,
      ...(rdns ? { rdns } : {}),
    }),
  )
  return { count: matching.length, data }
}
