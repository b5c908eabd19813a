import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/**
 * Auth shares at rest: AES-256-GCM under a key derived from AUTH_SECRET, a fresh 96-bit IV each time,
 * and the user id as associated data, so a ciphertext moved to another user's row fails to open.
 * Stored as base64 of iv ‖ tag ‖ ciphertext.
 */
export function encryptShare(key: Buffer, userId: string, share: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(userId))
  const body = Buffer.concat([cipher.update(share, 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')
}

export function decryptShare(key: Buffer, userId: string, stored: string): string {
  const raw = Buffer.from(stored, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAAD(Buffer.from(userId))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}
