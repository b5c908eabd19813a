import type { ProjectConfig } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { authCsp, modalFrameAncestors } from './modalHeaders.ts'

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
  it('lets only the modal frame the secure origin', () => {
    expect(authCsp('https://modal.test', 'https://api.test')).toContain('frame-ancestors https://modal.test')
    expect(authCsp('https://modal.test', 'https://api.test')).toContain("script-src 'self'")
  })
})
