import { pbkdf2 } from '@noble/hashes/pbkdf2'
import { sha256 } from '@noble/hashes/sha256'
import { sha512 } from '@noble/hashes/sha512'
import { wordlist } from '@scure/bip39/wordlists/english'
import { assertSeed } from './assertSeed.ts'

const SPACE = 0x20
const SALT = new TextEncoder().encode('mnemonic') // BIP-39: "mnemonic" + passphrase; we use no passphrase
const WORD_BYTES = wordlist.map((word) => new TextEncoder().encode(word))

/**
 * The 64-byte BIP-39 seed of `entropy` (no passphrase), as `mnemonicToSeed(entropyToMnemonic(entropy))`
 * computes it, but with the phrase built as bytes instead of a JS string: strings are immutable and
 * cannot be wiped, bytes can (see `withSeed.ts` for the limits of that). The English words are ASCII,
 * so the NFKD normalisation BIP-39 asks for changes nothing.
 */
export function bip39SeedFromEntropy(entropy: Uint8Array): Uint8Array {
  assertSeed(entropy)
  const checksumBits = entropy.length / 4 // ENT / 32
  const hash = sha256(entropy)
  const wordCount = ((entropy.length * 8 + checksumBits) / 11) | 0
  const sentence = new Uint8Array(wordCount * 9) // longest English word is 8 letters, plus a space
  let length = 0
  for (let w = 0; w < wordCount; w++) {
    let index = 0
    for (let b = w * 11; b < w * 11 + 11; b++) {
      const byte = b < entropy.length * 8 ? entropy[b >> 3]! : hash[(b >> 3) - entropy.length]!
      index = (index << 1) | ((byte >> (7 - (b & 7))) & 1)
    }
    const word = WORD_BYTES[index]!
    if (w > 0) sentence[length++] = SPACE
    sentence.set(word, length)
    length += word.length
  }
  const seed = pbkdf2(sha512, sentence.subarray(0, length), SALT, { c: 2048, dkLen: 64 })
  sentence.fill(0)
  hash.fill(0)
  return seed
}
