import { InvalidSeedError } from './keyErrors.ts'

/**
 * A seed is BIP-39 entropy: 16 to 32 bytes in steps of 4 (12 to 24 words). New wallets use 32
 * (`createSeed`); shorter ones are accepted so the well-known 12-word test phrase is a usable vector.
 */
export function assertSeed(seed: unknown): asserts seed is Uint8Array {
  if (!(seed instanceof Uint8Array)) throw new InvalidSeedError('not a Uint8Array')
  if (seed.length < 16 || seed.length > 32 || seed.length % 4 !== 0) {
    throw new InvalidSeedError(`length ${seed.length}`)
  }
}
