import { describe, expect, it } from 'vitest'
import { isAllowlistEnforced } from './isAllowlistEnforced.ts'
import { isOriginAllowed, matchOrigin } from './matchOrigin.ts'
import { toFrameAncestors } from './toFrameAncestors.ts'

describe('matchOrigin', () => {
  it.each([
    ['https://good.test', 'https://good.test', true],
    ['https://good.test', 'good.test', true],
    ['http://good.test', 'good.test', false],
    ['https://a.good.test', 'https://*.good.test', true],
    ['https://a.b.good.test', 'https://*.good.test', true],
    ['https://good.test', 'https://*.good.test', false],
    ['https://good.test.evil.test', 'https://*.good.test', false],
    ['https://evilgood.test', 'https://*.good.test', false],
    ['http://a.good.test', 'https://*.good.test', false],
    ['http://localhost:5173', 'http://localhost:5173', true],
    ['http://localhost:5174', 'http://localhost:5173', false],
    ['http://localhost:5174', 'http://localhost:*', true],
    ['https://good.test:443', 'https://good.test', false],
    ['https://good.test:8443', 'https://good.test', false],
    ['https://GOOD.test', 'https://good.test', false],
    ['null', 'https://good.test', false],
    ['https://good.test/path', 'https://good.test', false],
  ])('%s against %s → %s', (origin, pattern, expected) => {
    expect(matchOrigin(origin, pattern)).toBe(expected)
  })

  it('refuses patterns that are not origins', () => {
    expect(matchOrigin('https://good.test', '*')).toBe(false)
    expect(matchOrigin('https://good.test', 'https://good.test/app')).toBe(false)
    expect(matchOrigin('https://good.test', 'javascript://good.test')).toBe(false)
  })

  it('checks a list', () => {
    expect(isOriginAllowed('https://b.test', ['https://a.test', 'https://b.test'])).toBe(true)
    expect(isOriginAllowed('https://c.test', ['https://a.test', 'https://b.test'])).toBe(false)
    expect(isOriginAllowed('https://c.test', [])).toBe(false)
  })
})

describe('toFrameAncestors', () => {
  it('builds the CSP directive from patterns', () => {
    expect(toFrameAncestors(['http://localhost:5173', 'https://*.good.test', 'good.test'])).toBe(
      'frame-ancestors http://localhost:5173 https://*.good.test https://good.test',
    )
  })
  it("fails closed with 'none'", () => {
    expect(toFrameAncestors([])).toBe("frame-ancestors 'none'")
    expect(toFrameAncestors(['not an origin/x'])).toBe("frame-ancestors 'none'")
  })
})

describe('isAllowlistEnforced', () => {
  it('is on while e-mail or socials are on', () => {
    expect(isAllowlistEnforced({})).toBe(true)
    expect(isAllowlistEnforced({ email: false })).toBe(true)
    expect(isAllowlistEnforced({ email: false, socials: ['google'] })).toBe(true)
    expect(isAllowlistEnforced({ email: false, socials: false })).toBe(false)
    expect(isAllowlistEnforced({ email: false, socials: [] })).toBe(false)
    expect(isAllowlistEnforced({ email: true, socials: false })).toBe(true)
  })
})
