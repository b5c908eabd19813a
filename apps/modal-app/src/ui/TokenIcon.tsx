import { useState } from 'react'
import { GeneratedAvatar } from './GeneratedAvatar.tsx'

/** A token's icon from the balances answer (https only), else its generated avatar. */
export function TokenIcon({
  token,
  size = 32,
}: {
  token: { symbol: string; address?: string | undefined; iconUrl?: string | undefined }
  size?: number
}) {
  const [failed, setFailed] = useState(false)
  const src = token.iconUrl?.startsWith('https://') ? token.iconUrl : undefined
  if (!src || failed) return <GeneratedAvatar seed={token.address ?? token.symbol} size={size} />
  return (
    <img
      className="mk-token-icon"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  )
}
