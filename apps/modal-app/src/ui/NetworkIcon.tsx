import type { Network } from '@modalkit/shared'
import { useAtomValue } from 'jotai/react'
import { apiUrlAtom } from '../state/atoms.ts'
import { GeneratedAvatar } from './GeneratedAvatar.tsx'
import { LazyImage } from './LazyImage.tsx'

/** A site's own `assets.imageUrl` is shown only when https (or an image data URL). */
const SAFE_IMAGE = /^(https:\/\/|data:image\/(png|jpeg|webp|gif|svg\+xml);)/

/** The image a network names (SPEC network assets): its own URL, else the API's logo for its id. */
export function networkImageUrl(network: Pick<Network, 'assets'>, apiUrl: string | undefined) {
  const { imageUrl, imageId } = network.assets ?? {}
  if (imageUrl && SAFE_IMAGE.test(imageUrl)) return imageUrl
  if (imageId && apiUrl) return `${apiUrl}/v1/networks/${encodeURIComponent(imageId)}/image`
  return undefined
}

/**
 * A network's logo, loaded lazily so it never holds up a view; a network with no image, or one that
 * fails to load, gets its generated avatar.
 */
export function NetworkIcon({ network, size = 28 }: { network: Network; size?: number }) {
  return (
    <LazyImage
      src={networkImageUrl(network, useAtomValue(apiUrlAtom))}
      size={size}
      className="mk-network-icon"
      testId="network-image"
      fallback={<GeneratedAvatar seed={network.caipNetworkId} size={size} />}
    />
  )
}
