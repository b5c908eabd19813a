import { useAtomValue } from 'jotai/react'
import { recentWalletsAtom } from '../../state/atoms.ts'
import { ListItem } from '../../ui/ListItem.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'

/** Wallets connected lately over WalletConnect (SPEC §4: at most 2), after the browser wallets. */
export function RecentWallets() {
  const actions = useViewActions()
  const recent = useAtomValue(recentWalletsAtom)
  return (
    <>
      {recent.map((wallet) => (
        <ListItem
          key={wallet.id}
          icon={<img className="mk-wallet-icon" src={wallet.imageUrl} alt="" width={28} height={28} />}
          label={wallet.name}
          tag="RECENT"
          onClick={() => actions.pickWalletConnect(wallet)}
          testId={`recent-${wallet.id}`}
        />
      ))}
    </>
  )
}
