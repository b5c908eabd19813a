import { combineShares } from './combineShares.ts'

/**
 * Rebuilds the seed from two shares for the length of one call, then overwrites it with zeros,
 * also when `fn` throws. The signing functions below wipe their own derived keys the same way.
 *
 * Limits of zeroing in JavaScript, and why it is still done: it shortens how long the bytes sit in
 * the buffers we own, nothing more. The engine may have copied them (JIT, GC compaction moving a
 * buffer, `slice`s inside libraries), bigint and string intermediates (noble's scalars, ethers' hex
 * strings of a digest or signature) are immutable and live until collected, and nothing stops a
 * script running in this origin from reading memory while `fn` runs. The real defences are that the
 * seed exists only inside the secure frame, only during an approved call, and the frame runs no
 * third-party code (SECURITY.md: strict CSP on A).
 */
export async function withSeed<T>(
  shares: readonly [Uint8Array, Uint8Array],
  fn: (seed: Uint8Array) => T | Promise<T>,
): Promise<T> {
  const seed = await combineShares(shares[0], shares[1])
  try {
    return await fn(seed)
  } finally {
    seed.fill(0)
  }
}
