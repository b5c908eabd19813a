/** The IntersectionObserver v2 field; absent where the browser does not track visibility. */
export type VisibilityEntry = Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio'> & {
  isVisible?: boolean
}

/** Below this share on screen, part of the element is clipped away (a row of buttons shown alone). */
export const MIN_INTERSECTION_RATIO = 0.99

/**
 * One entry says the element is seen whole: intersecting, (almost) all of it inside the viewport
 * and its clips, and `isVisible` (nothing covers, fades, filters or transforms it). All three come
 * from the SAME entry: mixing entries would combine states that never held at once.
 */
export function isFullyVisible(entry: VisibilityEntry): boolean {
  return entry.isIntersecting && entry.intersectionRatio >= MIN_INTERSECTION_RATIO && entry.isVisible === true
}

/** Whether this browser has IntersectionObserver v2 (Chromium); Firefox and Safari do not. */
export function supportsVisibilityTracking(scope: object = globalThis): boolean {
  const entry = (scope as { IntersectionObserverEntry?: { prototype: object } }).IntersectionObserverEntry
  return entry !== undefined && 'isVisible' in entry.prototype
}
