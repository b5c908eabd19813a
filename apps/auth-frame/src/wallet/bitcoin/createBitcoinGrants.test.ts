import { expect, it } from 'vitest'
import { createMemorySessionStore } from '../createMemorySessionStore.ts'
import { createBitcoinGrants } from './createBitcoinGrants.ts'

const SITE = 'https://shop.example'

it('allows nothing until the user allowed it, then that site for that user only', () => {
  const grants = createBitcoinGrants(createMemorySessionStore())
  expect(grants.allowed('user-1', SITE)).toBe(false)
  grants.allow('user-1', SITE)
  expect(grants.allowed('user-1', SITE)).toBe(true)
  expect(grants.allowed('user-1', 'https://evil.example')).toBe(false)
  expect(grants.allowed('user-1', 'http://shop.example')).toBe(false)
  expect(grants.allowed('user-2', SITE)).toBe(false)
})

it('keeps grants in the secure origin storage, so a reload remembers them', () => {
  const store = createMemorySessionStore()
  createBitcoinGrants(store).allow('user-1', SITE)
  expect(createBitcoinGrants(store).allowed('user-1', SITE)).toBe(true)
})

it('cannot be fooled by a user id or site that contains the separator', () => {
  const grants = createBitcoinGrants(createMemorySessionStore())
  grants.allow('a/b', 'c')
  expect(grants.allowed('a', 'b/c')).toBe(false)
})

it('never allows an empty user or site', () => {
  const grants = createBitcoinGrants(createMemorySessionStore())
  expect(() => grants.allow('', SITE)).toThrow()
  expect(() => grants.allow('user-1', '')).toThrow()
  expect(grants.allowed('', '')).toBe(false)
})

it('revokes one site for one user: asked again there, every other grant kept', () => {
  const store = createMemorySessionStore()
  const grants = createBitcoinGrants(store)
  grants.allow('user-1', SITE)
  grants.allow('user-1', 'https://other.example')
  grants.allow('user-2', SITE)
  grants.revoke('user-1', SITE)
  expect(grants.allowed('user-1', SITE)).toBe(false)
  expect(createBitcoinGrants(store).allowed('user-1', SITE)).toBe(false)
  expect(grants.allowed('user-1', 'https://other.example')).toBe(true)
  expect(grants.allowed('user-2', SITE)).toBe(true)
  // Revoking what was never allowed, or for nobody, changes nothing.
  grants.revoke('user-1', 'https://never.example')
  grants.revoke('', '')
  expect(grants.allowed('user-2', SITE)).toBe(true)
})
