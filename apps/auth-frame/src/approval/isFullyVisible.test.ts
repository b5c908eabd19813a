import { expect, it } from 'vitest'
import { isFullyVisible, supportsVisibilityTracking } from './isFullyVisible.ts'

it('needs intersecting, at least 99 % on screen and isVisible, all on the same entry', () => {
  const whole = { isIntersecting: true, intersectionRatio: 1, isVisible: true }
  expect(isFullyVisible(whole)).toBe(true)
  expect(isFullyVisible({ ...whole, intersectionRatio: 0.99 })).toBe(true)
  // Clipped to the row of buttons, covered or faded, off screen, or a browser that cannot tell.
  expect(isFullyVisible({ ...whole, intersectionRatio: 0.4 })).toBe(false)
  expect(isFullyVisible({ ...whole, isVisible: false })).toBe(false)
  expect(isFullyVisible({ ...whole, isIntersecting: false })).toBe(false)
  const { isVisible: _, ...withoutV2 } = whole
  expect(isFullyVisible(withoutV2)).toBe(false)
})

it('knows IntersectionObserver v2 by isVisible on the entry prototype', () => {
  const scope = (prototype: object) => ({ IntersectionObserverEntry: { prototype } })
  expect(supportsVisibilityTracking(scope({ isVisible: false }))).toBe(true)
  expect(supportsVisibilityTracking(scope({}))).toBe(false)
  expect(supportsVisibilityTracking({})).toBe(false)
})
