import { combine } from 'shamir-secret-sharing'
import { assertShare } from './combineShares.ts'
import { InvalidShareError } from './keyErrors.ts'

/** The x coordinate of a share: its last byte (`shamir-secret-sharing`'s layout), in 1..255. */
export const shareX = (share: Uint8Array): number => share[share.length - 1]!

/**
 * The share at `x` of the polynomial through shares `a` and `b` (2-of-3: two points fix it). Used to
 * give a device a new share (`deriveShare`) and to show a new wallet's recovery text again, the same,
 * after a reload before it was confirmed (the device keeps only its x, which reveals nothing).
 *
 * No field arithmetic of our own: Lagrange interpolation at x from points (xᵢ, yᵢ) equals
 * interpolation at 0 from (xᵢ ⊕ x, yᵢ), since in GF(2⁸) subtraction is XOR and the basis terms
 * (x − xⱼ)/(xᵢ − xⱼ) are unchanged by adding x to every abscissa. So the audited library's `combine`
 * (which interpolates at 0) evaluates the polynomial at x when handed the shifted points.
 */
export async function shareAtX(a: Uint8Array, b: Uint8Array, x: number): Promise<Uint8Array> {
  assertShare(a)
  assertShare(b)
  if (a.length !== b.length) throw new InvalidShareError('shares of different lengths')
  if (shareX(a) === shareX(b)) throw new InvalidShareError('the same share twice')
  if (!Number.isInteger(x) || x < 1 || x > 255) throw new InvalidShareError(`x coordinate ${x}`)
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
