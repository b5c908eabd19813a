import type { ProjectConfig } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { authCsp, authFrameAncestors, modalFrameAncestors } from './modalHeaders.ts'

const project: ProjectConfig = {
  projectId: 'p1',
  name: 'Shop',
  allowedOrigins: ['https://shop.test', 'https://*.shop.test'],
  features: {},
}

describe('modalFrameAncestors', () => {
  it('limits framing to the allowlist when the claimed origin is on it', () => {
    expect(modalFrameAncestors(project, 'https://a.shop.test')).toBe(
      'frame-ancestors https://shop.test https://*.shop.test',
    )
  })
  it('serves the refusing page to an origin off the list', () => {
    expect(modalFrameAncestors(project, 'https://evil.test')).toBe('frame-ancestors *')
    expect(modalFrameAncestors(project, null)).toBe('frame-ancestors *')
  })
  it('has no allowlist to enforce without e-mail and socials', () => {
    expect(
      modalFrameAncestors({ ...project, features: { email: false, socials: false } }, 'https://x.test'),
    ).toBe('frame-ancestors *')
  })
  it('lets an unknown project load so it can show Invalid Project ID', () => {
    expect(modalFrameAncestors(undefined, 'https://shop.test')).toBe('frame-ancestors *')
  })
})

describe('authCsp', () => {
  it('is strict and carries the ancestors it is given', () => {
    const csp = authCsp('frame-ancestors https://modal.test', 'https://api.test')
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("require-trusted-types-for 'script'; trusted-types 'none'")
    expect(csp).toContain("connect-src 'self' https://api.test")
    expect(csp.endsWith('frame-ancestors https://modal.test')).toBe(true)
  })
  it('lets the secure frame reach the Farcaster relay it is given, and nothing else', () => {
    const csp = authCsp('frame-ancestors https://modal.test', 'https://api.test', ['http://127.0.0.1:8796'])
    expect(csp).toContain("connect-src 'self' https://api.test http://127.0.0.1:8796;")
  })
})

describe('authFrameAncestors', () => {
  const project = {
    projectId: 'p',
    name: 'Shop',
    allowedOrigins: ['https://shop.test', 'https://*.shop.test'],
    features: {},
  }
  it('the modal and the project allowlist: CSP checks every ancestor, the site page included', () => {
    expect(authFrameAncestors('https://modal.test', project)).toBe(
      'frame-ancestors https://modal.test https://shop.test https://*.shop.test',
    )
  })
  it('the modal alone when there is no allowlist to enforce or no project', () => {
    expect(
      authFrameAncestors('https://modal.test', { ...project, features: { email: false, socials: false } }),
    ).toBe('frame-ancestors https://modal.test')
    expect(authFrameAncestors('https://modal.test', undefined)).toBe('frame-ancestors https://modal.test')
    expect(authFrameAncestors('https://modal.test', { ...project, allowedOrigins: [] })).toBe(
      'frame-ancestors https://modal.test',
    )
  })
})
