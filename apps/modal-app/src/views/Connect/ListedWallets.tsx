import { useAtomValue } from 'jotai/react'
import { useEffect, useMemo, useState } from 'react'
import { announcedWalletsAtom, networksAtom, optionsAtom, recentWalletsAtom } from '../../state/atoms.ts'
import {
  directoryNamespaces,
  type ListedWallet,
  pickFeatured,
  walletListOptions,
} from '../../state/walletList.ts'
import { ListedWalletIcon } from '../../ui/ListedWalletIcon.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'

/**
 * The site's wallet list after the browser and recent wallets, as AppKit shows it: its featured
 * directory wallets (`featuredWalletIds`, in that order; none already listed above), then the
 * wallets it lists itself (`customWallets`). Each connects over WalletConnect.
 */
export function ListedWallets() {
  const actions = useViewActions()
  const options = useAtomValue(optionsAtom)
  const announced = useAtomValue(announcedWalletsAtom)
  const recent = useAtomValue(recentWalletsAtom)
  const networks = useAtomValue(networksAtom)
  const list = useMemo(() => walletListOptions(options), [options])
  const namespaces = directoryNamespaces(networks)
  const key = namespaces.join(',')
  const [featured, setFeatured] = useState<ListedWallet[]>([])

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the namespaces change
  useEffect(() => {
    if (list.featured.length === 0) return
    let live = true
    void actions.featuredWallets(namespaces).then((wallets) => {
      if (live) setFeatured(wallets)
    })
    return () => {
      live = false
    }
  }, [actions, list, key])

  const shown = pickFeatured(featured, list, {
    rdns: announced.map((w) => w.rdns),
    ids: recent.map((w) => w.id),
  })
  return (
    <>
      {[...shown, ...list.custom].map((wallet) => (
        <ListItem
          key={`${wallet.custom ? 'custom' : 'featured'}-${wallet.id}`}
          icon={<ListedWalletIcon wallet={wallet} size={28} />}
          label={wallet.name}
          onClick={() => actions.pickWalletConnect(wallet)}
          testId={`${wallet.custom ? 'custom' : 'featured'}-${wallet.id}`}
        />
      ))}
    </>
  )
}
