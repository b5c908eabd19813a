/** Bitcoin's base58 alphabet, which Solana uses for keys, signatures and hashes. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const VALUE = new Map([...ALPHABET].map((char, i) => [char, i]))

/**
 * Bytes as base58: leading zero bytes become leading '1's. Small and dependency-free, for the loader.
 *
 * @example
 * encodeBase58(new TextEncoder().encode('Hello World!')) // '2NEpo7TZRRrLZSi2U'
 */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const digits: number[] = [] // base 58, least significant first
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! * 256
      digits[j] = carry % 58
      carry = Math.floor(carry / 58)
    }
    for (; carry > 0; carry = Math.floor(carry / 58)) digits.push(carry % 58)
  }
  return (
    '1'.repeat(zeros) +
    digits
      .reverse()
      .map((d) => ALPHABET[d])
      .join('')
  )
}

/**
 * Base58 text as bytes, or `undefined` when a character is outside the alphabet.
 *
 * @example
 * decodeBase58('112') // Uint8Array [0, 0, 1]
 */
export function decodeBase58(text: string): Uint8Array | undefined {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = [] // base 256, least significant first
  for (let i = zeros; i < text.length; i++) {
    let carry = VALUE.get(text[i]!)
    if (carry === undefined) return undefined
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    for (; carry > 0; carry >>= 8) bytes.push(carry & 0xff)
  }
  const out = new Uint8Array(zeros + bytes.length)
  out.set(bytes.reverse(), zeros)
  return out
}
