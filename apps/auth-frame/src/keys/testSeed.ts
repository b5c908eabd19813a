import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'

/** For tests only: the well-known test phrase's seed, whose EVM account is anvil's first account. */
export const TEST_SEED = mnemonicToEntropy(
  'test test test test test test test test test test test junk',
  wordlist,
)
export const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Runs `fn`, returns what it threw (failing when it did not throw). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}
