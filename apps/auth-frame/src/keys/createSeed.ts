/** Bytes of a new wallet's seed: 256 bits of entropy, which BIP-39 writes as 24 words. */
export const SEED_BYTES = 32

/**
 * A new wallet seed from the platform CSPRNG. The seed is BIP-39 entropy (see `deriveAccounts.ts` for
 * why), so the same bytes can later be shown as a 24-word phrase that other wallets import.
 */
export function createSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES))
}
