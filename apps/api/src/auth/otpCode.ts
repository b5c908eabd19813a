import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'

/** A six-digit code from the CSPRNG, leading zeros kept. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/**
 * The stored form of a code: HMAC-SHA256 under the server key over request id, slot and code, so a
 * leaked table neither reveals codes (the space is small: a plain hash would fall to a table) nor
 * lets a code of one request or slot match another.
 */
export function hashOtp(key: Buffer, requestId: string, slot: string, code: string): string {
  return createHmac('sha256', key).update(`${requestId}\0${slot}\0${code}`).digest('base64url')
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
