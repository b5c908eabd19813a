import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * An image that never holds up a view (lazy, decoded off the main path, no referrer), shown as the
 * `fallback` when there is no source or it fails to load. With `timeoutMs` it loads at once and
 * gives way to the fallback if it has not loaded by then (SPEC §9 image preload).
 */
export function LazyImage({
  src,
  size,
  className,
  testId,
  fallback,
  timeoutMs,
}: {
  src: string | undefined
  size: number
  className: string
  testId?: string
  fallback: ReactNode
  timeoutMs?: number
}) {
  const [failed, setFailed] = useState<string | undefined>(undefined)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    if (!src || timeoutMs === undefined) return
    timer.current = setTimeout(() => setFailed(src), timeoutMs)
    return () => clearTimeout(timer.current)
  }, [src, timeoutMs])
  if (!src || failed === src) return fallback
  return (
    <img
      className={className}
      src={src}
      alt=""
      width={size}
      height={size}
      loading={timeoutMs === undefined ? 'lazy' : 'eager'}
      decoding="async"
      referrerPolicy="no-referrer"
      data-testid={testId}
      onLoad={() => clearTimeout(timer.current)}
      onError={() => setFailed(src)}
    />
  )
}
