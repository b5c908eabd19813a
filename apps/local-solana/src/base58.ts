const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const INDEX = new Map([...ALPHABET].map((char, i) => [char, BigInt(i)]))

/**
 * Bitcoin-alphabet base58, as Solana writes keys, signatures and blockhashes. Our own few lines: the
 * `bs58` package is only a transitive dependency of web3.js here, without types.
 */
export const base58 = {
  encode(bytes: Uint8Array): string {
    let value = 0n
    for (const byte of bytes) value = (value << 8n) | BigInt(byte)
    let out = ''
    while (value > 0n) {
      out = ALPHABET[Number(value % 58n)] + out
      value /= 58n
    }
    for (const byte of bytes) {
      if (byte !== 0) break
      out = `1${out}`
    }
    return out
  },
  /** Returns undefined for a character outside the alphabet. */
  decode(text: string): Uint8Array | undefined {
    let value = 0n
    for (const char of text) {
      const digit = INDEX.get(char)
      if (digit === undefined) return undefined
      value = value * 58n + digit
    }
    const bytes: number[] = []
    while (value > 0n) {
      bytes.unshift(Number(value & 0xffn))
      value >>= 8n
    }
    for (const char of text) {
      if (char !== '1') break
      bytes.unshift(0)
    }
    return Uint8Array.from(bytes)
  },
}
