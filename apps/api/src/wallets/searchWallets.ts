import type { DirectoryWallet, Namespace } from '@modalkit/protocol'
import type { DirectoryEntry } from './walletDirectory.ts'

export type SearchWalletsParameters = {
  search?: string | undefined
  /** A wallet matches when it supports one of these namespaces. */
  namespaces?: readonly Namespace[] | undefined
  page: number
  entries: number
}

/**
 * One page of the directory: name search (case-insensitive, anywhere in the name), namespace filter,
 * in directory order (popularity).
 *
 * @example searchWallets(WALLET_DIRECTORY, { search: 'meta', page: 1, entries: 40 })
 */
export function searchWallets(
  directory: readonly DirectoryEntry[],
  { search, namespaces, page, entries }: SearchWalletsParameters,
): { count: number; data: DirectoryWallet[] } {
  const needle = search?.trim().toLowerCase() ?? ''
  const matching = directory.filter(
    (wallet) =>
      (needle === '' || wallet.name.toLowerCase().includes(needle)) &&
      (!namespaces || namespaces.length === 0 || namespaces.some((n) => wallet.namespaces.includes(n))),
  )
  const data = matching.slice((page - 1) * entries, page * entries).map(
    ({ id, name, mobile, desktop, namespaces: supported, rdns }): DirectoryWallet => ({
      id,
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
