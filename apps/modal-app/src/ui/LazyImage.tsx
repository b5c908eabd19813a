import { type ReactNode, useState } from 'react'

/**
 * An image that never holds up a view (lazy, decoded off the main path, no referrer), shown as the
 * `fallback` when there is no source or it fails to load.
 */
export function LazyImage({
  src,
  size,
  className,
  testId,
  fallback,
}: {
  src: string | undefined
  size: number
  className: string
  testId?: string
  fallback: ReactNode
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (!src || failed === src) return fallback
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      data-testid={testId}
      onError={() => setFailed(src)}
    />
  )
}
