import { createHash, randomBytes } from 'node:crypto'

/** A URL-safe random token (256 bits by default): session tokens, approval links, OAuth state. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** How high-entropy tokens are stored: SHA-256 suffices (no table can cover 2^256), and is indexable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
