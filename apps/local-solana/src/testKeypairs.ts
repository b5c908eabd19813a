import { createHash } from 'node:crypto'
import { Keypair } from '@solana/web3.js'

/** Each test account is funded with this much at start (1000 SOL). */
export const TEST_ACCOUNT_LAMPORTS = 1_000n * 1_000_000_000n

/** Prefix of the documented seed: account i's ed25519 seed is sha256(TEST_SEED_PREFIX + i). */
export const TEST_SEED_PREFIX = 'modalkit local solana test account '

const COUNT = 10

/**
 * Ten deterministic, publicly known keypairs (like anvil's test mnemonic): the same on every machine,
 * so tests and the browser can sign with them. Never use them anywhere real.
 */
export const testKeypairs: readonly Keypair[] = Object.freeze(
  Array.from({ length: COUNT }, (_, i) =>
    Keypair.fromSeed(createHash('sha256').update(`${TEST_SEED_PREFIX}${i}`).digest()),
  ),
)
