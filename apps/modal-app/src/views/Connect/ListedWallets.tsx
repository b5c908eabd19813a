import { useAtomValue } from 'jotai/react'
import { announcedWalletsAtom, recentWalletsAtom } from '../../state/atoms.ts'
import { pickFeatured } from '../../state/walletList.ts'
import { ListedWalletIcon } from '../../ui/ListedWalletIcon.tsx'
import { ListItem } from '../../ui/ListItem.tsx'
import { useSiteWalletList } from '../../ui/useSiteWalletList.ts'
import { useViewActions } from '../../ui/ViewActionsContext.ts'

/**
 * The site's wallet list after the browser and recent wallets, as AppKit shows it: its featured
 * directory wallets (`featuredWalletIds`, in that order; none already listed above), then the
 * wallets it lists itself (`customWallets`). Each connects over WalletConnect.
 */
export function ListedWallets() {
  const actions = useViewActions()
  const { list, featured } = useSiteWalletList()
  const announced = useAtomValue(announcedWalletsAtom)
  const recent = useAtomValue(recentWalletsAtom)
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
