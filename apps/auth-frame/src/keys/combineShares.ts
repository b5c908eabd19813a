import { combine } from 'shamir-secret-sharing'
import { InvalidShareError } from './keyErrors.ts'

/**
 * A share is the seed's length plus one byte: the x coordinate, last, in 1..255. Checked here because
 * the library would accept x = 0, and a share at x = 0 *is* the secret: whoever hands the frame such
 * a "share" (a hostile API answering for the auth share) would choose the rebuilt seed.
 */
export function assertShare(share: unknown): asserts share is Uint8Array {
  if (!(share instanceof Uint8Array)) throw new InvalidShareError('not a Uint8Array')
  const seedLength = share.length - 1
  if (seedLength < 16 || seedLength > 32 || seedLength % 4 !== 0) {
    throw new InvalidShareError(`length ${share.length}`)
  }
  if (share[seedLength] === 0) throw new InvalidShareError('x coordinate 0')
}

/** Rebuilds the seed from two different shares of it. The caller wipes the result (see `withSeed`). */
export async function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  assertShare(a)
  assertShare(b)
  if (a.length !== b.length) throw new InvalidShareError('shares of different lengths')
  if (a[a.length - 1] === b[b.length - 1]) throw new InvalidShareError('the same share twice')
  return combine([a, b])
}
