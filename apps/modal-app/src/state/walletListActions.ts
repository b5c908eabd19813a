import type { Namespace } from '@modalkit/protocol'
import type { ApiClient } from '../api/createApiClient.ts'
import { log } from '../log.ts'
import { optionsAtom, type Store } from './atoms.ts'
import { type ListedWallet, walletListOptions } from './walletList.ts'

export type WalletListDeps = { store: Store; api: Pick<ApiClient, 'getWallets'>; projectId: string }

/**
 * The wallet directory as the site's options shape it (AppKit's `featuredWalletIds`,
 * `includeWalletIds`, `excludeWalletIds`): the featured wallets, asked for once per set of
 * namespaces, and AllWallets' pages, which leave out the excluded and the featured (shown above them).
 */
export function createWalletListActions({ store, api, projectId }: WalletListDeps) {
  const list = () => walletListOptions(store.get(optionsAtom))
  const featured = new Map<string, Promise<ListedWallet[]>>()
  const featuredWallets = (namespaces: readonly Namespace[]): Promise<ListedWallet[]> => {
    const key = namespaces.join(',')
    let wallets = featured.get(key)
    if (!wallets) {
      const { featured: ids, exclude } = list()
      wallets = api
        .getWallets(projectId, { include: ids, exclude, namespaces })
        .then(({ data }) => data)
        .catch((error: unknown) => {
          // Featured wallets are a preference: without them the lists are still whole. Asked again next time.
          log.error('the featured wallets could not be loaded', error)
          featured.delete(key)
          return []
        })
      featured.set(key, wallets)
    }
    return wallets
  }
  return {
    featuredWallets,
    /** AllWallets' page of the directory: the site's include and exclude, the featured left out. */
    async searchWallets(query: { search: string; namespaces: Namespace[]; page: number }) {
      const { include, exclude, featured: ids } = list()
      const shownAbove = ids.length > 0 ? (await featuredWallets(query.namespaces)).map((w) => w.id) : []
      return api.getWallets(projectId, {
        ...query,
        ...(include ? { include } : {}),
        exclude: [...exclude, ...shownAbove],
      })
    },
  }
}
