import { assertShare } from './combineShares.ts'
import { InvalidShareError } from './keyErrors.ts'
import { shareAtX, shareX } from './shareAtX.ts'

/**
 * A new share of the same polynomial, at a fresh random x (not 0, not `a`'s or `b`'s, nor any in
 * `exclude`), from two shares: with 2-of-3, two points fix the line, so any third point of it is a
 * share that combines with either of them and with every other share ever made of it (H4/H5:
 * a new device gets its share without re-splitting, so the auth share and the recovery text the user
 * keeps stay valid for life). The point itself is computed by `shareAtX`.
 */
export async function deriveShare(
  a: Uint8Array,
  b: Uint8Array,
  exclude: readonly number[] = [],
): Promise<Uint8Array> {
  assertShare(a)
  assertShare(b)
  if (a.length !== b.length) throw new InvalidShareError('shares of different lengths')
  const used = new Set([0, shareX(a), shareX(b), ...exclude])
  if (used.size === 2) throw new InvalidShareError('the same share twice')
  return shareAtX(a, b, freshX(used))
}

/** A uniformly random x in 1..255 not in `used` (rejection sampling over random bytes). */
function freshX(used: ReadonlySet<number>): number {
  if (used.size >= 256) throw new InvalidShareError('no unused x coordinate left')
  for (;;) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) if (!used.has(byte)) return byte
  }
}
