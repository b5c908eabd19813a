import { useAtomValue } from 'jotai/react'
import { useEffect, useMemo, useState } from 'react'
import { networksAtom, optionsAtom } from '../state/atoms.ts'
import {
  directoryNamespaces,
  type ListedWallet,
  type WalletListOptions,
  walletListOptions,
} from '../state/walletList.ts'
import { useViewActions } from './ViewActionsContext.ts'

/**
 * The site's wallet-list options, and its featured wallets as the directory gives them for the
 * site's namespaces (asked for once: the actions keep them), empty until they come.
 */
export function useSiteWalletList(): { list: WalletListOptions; featured: ListedWallet[] } {
  const actions = useViewActions()
  const options = useAtomValue(optionsAtom)
  const key = directoryNamespaces(useAtomValue(networksAtom)).join(',')
  const list = useMemo(() => walletListOptions(options), [options])
  const [featured, setFeatured] = useState<ListedWallet[]>([])
  useEffect(() => {
    if (list.featured.length === 0) return
    let live = true
    void actions
      .featuredWallets(key ? (key.split(',') as ReturnType<typeof directoryNamespaces>) : [])
      .then((wallets) => {
        if (live) setFeatured(wallets)
      })
    return () => {
      live = false
    }
  }, [actions, list, key])
  return { list, featured }
}
