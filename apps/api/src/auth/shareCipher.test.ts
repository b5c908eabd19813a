import { createCipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deriveAuthKeys } from './authKeys.ts'
import { decryptShare, encryptShare } from './shareCipher.ts'

const OLD = 'old-secret-old-secret-old-secret-old!'
const NEW = 'new-secret-new-secret-new-secret-new!'
const keys = deriveAuthKeys(NEW)
const share = Buffer.from('a share of a key').toString('base64')

/** A row as it was stored before key ids: bare base64 of iv ‖ tag ‖ ciphertext. */
function legacySeal(key: Buffer, userId: string, text: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(userId))
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

describe('shareCipher', () => {
  it('round-trips a share and never stores it in the clear', () => {
    const stored = encryptShare(keys, 'user-1', share)
    expect(stored).not.toContain(share)
    expect(encryptShare(keys, 'user-1', share)).not.toBe(stored) // fresh IV each time
    expect(decryptShare(keys, 'user-1', stored)).toBe(share)
  })
  it('refuses another user, another key and a changed byte', () => {
    const stored = encryptShare(keys, 'user-1', share)
    expect(() => decryptShare(keys, 'user-2', stored)).toThrow(/authenticate/)
    const other = deriveAuthKeys('another-secret-another-secret-another')
    expect(() => decryptShare({ ...other, kid: keys.kid }, 'user-1', stored)).toThrow(/authenticate/)
    const [version, kid, body = ''] = stored.split('.')
    const raw = Buffer.from(body, 'base64')
    raw[raw.length - 1]! ^= 1
    expect(() => decryptShare(keys, 'user-1', `${version}.${kid}.${raw.toString('base64')}`)).toThrow(
      /authenticate/,
    )
  })
  it('names its key: new ciphertexts carry the current kid, old ones still open after a rotation', () => {
    const before = deriveAuthKeys(OLD)
    const sealedBefore = encryptShare(before, 'user-1', share)
    expect(sealedBefore.startsWith(`v1.${before.kid}.`)).toBe(true)
    const rotated = deriveAuthKeys(NEW, [OLD])
    expect(rotated.kid).not.toBe(before.kid)
    expect(decryptShare(rotated, 'user-1', sealedBefore)).toBe(share)
    expect(encryptShare(rotated, 'user-1', share).startsWith(`v1.${rotated.kid}.`)).toBe(true)
    // Without the old secret the row is refused by name, not by a failed tag.
    expect(() => decryptShare(keys, 'user-1', sealedBefore)).toThrow(/unknown key id/)
  })
  it('reads rows stored before key ids, with the current or a previous secret', () => {
    const rotated = deriveAuthKeys(NEW, [OLD])
    expect(decryptShare(rotated, 'user-1', legacySeal(deriveAuthKeys(OLD).share, 'user-1', share))).toBe(
      share,
    )
    expect(decryptShare(rotated, 'user-1', legacySeal(rotated.share, 'user-1', share))).toBe(share)
  })
})
