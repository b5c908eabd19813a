import type { ListedWallet } from '../state/walletList.ts'
import { WalletIcon } from './WalletIcon.tsx'

/**
 * A listed wallet's icon: the directory's image from the API, or, for a wallet the site listed
 * itself, its image through WalletIcon's checks (else its generated avatar), as a browser wallet's.
 */
export function ListedWalletIcon({ wallet, size }: { wallet: ListedWallet; size: number }) {
  if (wallet.custom) return <WalletIcon wallet={{ name: wallet.name, icon: wallet.imageUrl }} size={size} />
  return <img className="mk-wallet-icon" src={wallet.imageUrl} alt="" width={size} height={size} />
}
