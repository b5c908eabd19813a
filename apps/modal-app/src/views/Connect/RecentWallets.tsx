import { useAtomValue } from 'jotai/react'
import { recentWalletsAtom } from '../../state/atoms.ts'
import { useController } from '../../ui/ControllerContext.ts'
import { ListItem } from '../../ui/ListItem.tsx'

/** Wallets connected lately over WalletConnect (SPEC §4: at most 2), after the browser wallets. */
export function RecentWallets() {
  const controller = useController()
  const recent = useAtomValue(recentWalletsAtom)
  return (
    <>
      {recent.map((wallet) => (
        <ListItem
          key={wallet.id}
          icon={<img className="mk-wallet-icon" src={wallet.imageUrl} alt="" width={28} height={28} />}
          label={wallet.name}
          tag="RECENT"
          onClick={() => controller.pickWalletConnect(wallet)}
          testId={`recent-${wallet.id}`}
        />
      ))}
    </>
  )
}
