import { combine } from 'shamir-secret-sharing'
import { assertShare } from './combineShares.ts'
import { InvalidShareError } from './keyErrors.ts'

/** The x coordinate of a share: its last byte (`shamir-secret-sharing`'s layout), in 1..255. */
export const shareX = (share: Uint8Array): number => share[share.length - 1]!

/**
 * A new share of the same polynomial, at a fresh random x (not 0, not `a`'s or `b`'s, nor any in
 * `exclude`), from two shares: with 2-of-3, two points fix the line, so any third point of it is a
 * share that combines with either of them and with every other share ever made of it (issue 14, H4/H5:
 * a new device gets its share without re-splitting, so the auth share and the recovery text the user
 * keeps stay valid for life).
 *
 * No field arithmetic of our own: Lagrange interpolation at t from points (xᵢ, yᵢ) equals
 * interpolation at 0 from (xᵢ ⊕ t, yᵢ), since in GF(2⁸) subtraction is XOR and the basis terms
 * (t − xⱼ)/(xᵢ − xⱼ) are unchanged by adding t to every x. So the audited library's `combine` (which
 * interpolates at 0) evaluates the polynomial at t when handed the shifted points.
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
  const x = freshX(used)
  const shift = (share: Uint8Array) => {
    const shifted = share.slice()
    shifted[shifted.length - 1] = shareX(share) ^ x
    return shifted
  }
  const [sa, sb] = [shift(a), shift(b)]
  try {
    const y = await combine([sa, sb])
    const share = new Uint8Array(y.length + 1)
    share.set(y)
    share[y.length] = x
    y.fill(0)
    return share
  } finally {
    sa.fill(0)
    sb.fill(0)
  }
}

/** A uniformly random x in 1..255 not in `used` (rejection sampling over random bytes). */
function freshX(used: ReadonlySet<number>): number {
  if (used.size >= 256) throw new InvalidShareError('no unused x coordinate left')
  for (;;) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) if (!used.has(byte)) return byte
  }
}
