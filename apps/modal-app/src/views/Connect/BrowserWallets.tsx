import { useAtomValue } from 'jotai/react'
import { announcedWalletsAtom, bitcoinWalletsAtom, networksAtom } from '../../state/atoms.ts'
import { ListItem } from '../../ui/ListItem.tsx'
import { useViewActions } from '../../ui/ViewActionsContext.ts'
import { WalletIcon } from '../../ui/WalletIcon.tsx'

/**
 * The host page's browser wallets, first in the wallet list (SPEC §4); in a mobile wallet's in-app
 * browser, that wallet first of all. Names are text; two announcements claiming the same rdns are
 * both flagged, since one of them is lying. Then its Bitcoin wallets (Wallet Standard, sats-connect),
 * when the site has a Bitcoin network.
 */
export function BrowserWallets() {
  const actions = useViewActions()
  const announced = useAtomValue(announcedWalletsAtom)
  const hasBitcoin = useAtomValue(networksAtom).some((n) => n.chainNamespace === 'bip122')
  const bitcoinWallets = useAtomValue(bitcoinWalletsAtom)
  const wallets = [...announced.filter((w) => w.inApp), ...announced.filter((w) => !w.inApp)]
  const counts = new Map<string, number>()
  for (const w of wallets) counts.set(w.rdns, (counts.get(w.rdns) ?? 0) + 1)
  return (
    <>
      {wallets.map((wallet) => (
        <ListItem
          key={wallet.uuid}
          icon={<WalletIcon wallet={wallet} />}
          label={wallet.name}
          tag={
            (counts.get(wallet.rdns) ?? 0) > 1
              ? 'DUPLICATE'
              : wallet.inApp
                ? 'IN-APP'
                : wallet.legacy
                  ? 'BROWSER'
                  : 'INSTALLED'
          }
          onClick={() => void actions.connectInjected(wallet.uuid)}
          testId={`wallet-${wallet.rdns}`}
        />
      ))}
      {hasBitcoin
        ? bitcoinWallets.map((wallet) => (
            <ListItem
              key={wallet.id}
              icon={<WalletIcon wallet={wallet} />}
              label={wallet.name}
              tag="BITCOIN"
              onClick={() => void actions.connectBitcoinWallet(wallet.id)}
              testId={`wallet-bitcoin-${wallet.id}`}
            />
          ))
        : null}
    </>
  )
}
