import type { FrameUser } from '@modalkit/protocol'
import { describe, expect, it } from 'vitest'
import { authProviderOf } from './authProviderOf.ts'

const user = (email?: string): FrameUser => ({
  ...(email ? { email } : {}),
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 31337,
  accounts: [],
})

describe('authProviderOf', () => {
  it('is the stored social provider, else e-mail when the user has one, else none', () => {
    expect(authProviderOf('google', user('ana@example.test'))).toBe('google')
    expect(authProviderOf('farcaster', user())).toBe('farcaster')
    expect(authProviderOf(undefined, user('ana@example.test'))).toBe('email')
    expect(authProviderOf(undefined, user())).toBeUndefined()
  })

  it('never passes on a stored value the account schema would refuse', () => {
    expect(authProviderOf('myspace', user('ana@example.test'))).toBe('email')
    expect(authProviderOf('<img>', user())).toBeUndefined()
  })
})
