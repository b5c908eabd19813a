import type { AnnouncedWallet } from '@modalkit/protocol'
import { walletIconSchema } from '@modalkit/protocol'
import { GeneratedAvatar } from './GeneratedAvatar.tsx'

/**
 * A host-announced wallet's icon. Only ever an `<img>` (an SVG there cannot run script), and only
 * when it is an image data URL or https; anything else gets its generated avatar.
 */
export function WalletIcon({
  wallet,
  size = 28,
}: {
  wallet: Pick<AnnouncedWallet, 'name' | 'icon'>
  size?: number
}) {
  const safe = wallet.icon && walletIconSchema.safeParse(wallet.icon).success ? wallet.icon : undefined
  if (!safe) return <GeneratedAvatar seed={wallet.name} size={size} />
  return (
    <img
      className="mk-wallet-icon"
      src={safe}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
    />
  )
}
