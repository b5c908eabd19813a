import { IMAGE_PRELOAD_MS } from '@modalkit/shared'
import { GeneratedAvatar } from './GeneratedAvatar.tsx'
import { LazyImage } from './LazyImage.tsx'
import { safeImageUrl } from './safeImageUrl.ts'

/**
 * The account's picture: its identity's avatar when it is a safe image URL (safeImageUrl) that
 * loads within SPEC §9's 2 s, else the avatar generated from the address.
 */
export function AccountAvatar({
  avatar,
  seed,
  size,
}: {
  avatar: string | null | undefined
  seed: string
  size: number
}) {
  return (
    <LazyImage
      src={safeImageUrl(avatar)}
      size={size}
      className="mk-avatar"
      testId="account-avatar"
      timeoutMs={IMAGE_PRELOAD_MS}
      fallback={<GeneratedAvatar seed={seed} size={size} />}
    />
  )
}
