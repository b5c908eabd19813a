import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { AuthKeys } from './authKeys.ts'

/** `v1.<kid>.<base64>`: the key id names the AUTH_SECRET that sealed it, so the secret can rotate. */
const SEALED = /^v1\.([-_A-Za-z0-9]+)\.([A-Za-z0-9+/=]+)$/

function open(key: Buffer, userId: string, raw: Buffer): string {
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAAD(Buffer.from(userId))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

/**
 * Auth shares at rest: AES-256-GCM under a key derived from the current AUTH_SECRET, a fresh 96-bit
 * IV each time, and the user id as associated data, so a ciphertext moved to another user's row
 * fails to open. Stored as `v1.<kid>.` + base64 of iv ‖ tag ‖ ciphertext.
 */
export function encryptShare(keys: AuthKeys, userId: string, share: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys.share, iv)
  cipher.setAAD(Buffer.from(userId))
  const body = Buffer.concat([cipher.update(share, 'utf8'), cipher.final()])
  return `v1.${keys.kid}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
}

/**
 * Opens a share with the key its kid names (current or previous secret). Rows written before key
 * ids (bare base64) are tried with each known key, current first.
 */
export function decryptShare(keys: AuthKeys, userId: string, stored: string): string {
  const sealed = SEALED.exec(stored)
  const sets = [keys, ...keys.previous]
  if (sealed) {
    const set = sets.find((s) => s.kid === sealed[1])
    if (!set) throw new Error('auth share sealed with an unknown key id (AUTH_SECRETS_PREVIOUS?)')
    return open(set.share, userId, Buffer.from(sealed[2]!, 'base64'))
  }
  const raw = Buffer.from(stored, 'base64')
  let last: unknown
  for (const set of sets) {
    try {
      return open(set.share, userId, raw)
    } catch (error) {
      last = error
    }
  }
  throw last
}
