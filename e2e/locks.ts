/**
 * The suite runs two Playwright workers over one stack (playwright.config.ts). A spec that changes or
 * reads exactly some state another spec also changes declares the lock named for it, for the whole
 * file (`test.describe.configure({ lock })`): specs that share a lock never run at the same time, in
 * any project; the other worker runs something else meanwhile.
 */
export const LOCKS = {
  /**
   * anvil's first account (TEST_ACCOUNT), the test wallet's default: the specs that send from it
   * (the node picks each send's nonce: two at once could get the same one) or read its exact
   * balances, tokens and activity.
   */
  testAccount: 'anvil-account-0',
  /** anvil's account 4: its key sends tokens and ether with a nonce ethers reads first. */
  account4: 'anvil-account-4',
  /**
   * Playwright's own lock for a test that runs only while no other test does: moving the API's auth
   * clock (AUTH_CLOCK_OFFSET_FILE) expires the codes, nonces and channels every other test holds.
   */
  alone: '-exclusive-',
} as const
