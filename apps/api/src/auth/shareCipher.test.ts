import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decryptShare, encryptShare } from './shareCipher.ts'

const key = randomBytes(32)
const share = Buffer.from('a share of a key').toString('base64')

describe('shareCipher', () => {
  it('round-trips a share and never stores it in the clear', () => {
    const stored = encryptShare(key, 'user-1', share)
    expect(stored).not.toContain(share)
    expect(encryptShare(key, 'user-1', share)).not.toBe(stored) // fresh IV each time
    expect(decryptShare(key, 'user-1', stored)).toBe(share)
  })
  it('refuses another user, another key and a changed byte', () => {
    const stored = encryptShare(key, 'user-1', share)
    expect(() => decryptShare(key, 'user-2', stored)).toThrow(/authenticate/)
    expect(() => decryptShare(randomBytes(32), 'user-1', stored)).toThrow(/authenticate/)
    const raw = Buffer.from(stored, 'base64')
    raw[raw.length - 1]! ^= 1
    expect(() => decryptShare(key, 'user-1', raw.toString('base64'))).toThrow(/authenticate/)
  })
})
