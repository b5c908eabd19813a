import type { WalletAddresses } from '@modalkit/protocol'
import { InvalidShareError } from '../keys/keyErrors.ts'
import { withSeed } from '../keys/withSeed.ts'
import { sameAddresses, toWalletAddresses } from './toWalletAddresses.ts'
import { KeyMismatchError } from './walletErrors.ts'

/**
 * `withSeed`, but `fn` runs only if the rebuilt seed opens exactly `expected` (the addresses the API
 * has for the user). A share the API hands over could be anyone's: without this check a hostile auth
 * share would silently switch the user to another wallet. Shares that do not even combine (the same
 * x twice, lengths differ) are the same refusal. Both shares are wiped after, whatever happens.
 */
export async function withCheckedSeed<T>(
  shares: readonly [Uint8Array, Uint8Array],
  expected: WalletAddresses,
  fn: (seed: Uint8Array) => T | Promise<T>,
): Promise<T> {
  try {
    return await withSeed(shares, (seed) => {
      if (!sameAddresses(toWalletAddresses(seed), expected)) {
        throw new KeyMismatchError('the shares rebuild another wallet than the account’s')
      }
      return fn(seed)
    })
  } catch (error) {
    if (error instanceof InvalidShareError) {
      throw Object.assign(new KeyMismatchError(`the shares do not combine: ${error.details}`), {
        cause: error,
      })
    }
    throw error
  } finally {
    shares[0].fill(0)
    shares[1].fill(0)
  }
}
