import { GeneratedAvatar } from './GeneratedAvatar.tsx'
import { LazyImage } from './LazyImage.tsx'

/** A token's icon from the balances answer (https only), else its generated avatar. */
export function TokenIcon({
  token,
  size = 32,
}: {
  token: { symbol: string; address?: string | undefined; iconUrl?: string | undefined }
  size?: number
}) {
  return (
    <LazyImage
      src={token.iconUrl?.startsWith('https://') ? token.iconUrl : undefined}
      size={size}
      className="mk-token-icon"
      fallback={<GeneratedAvatar seed={token.address ?? token.symbol} size={size} />}
    />
  )
}
