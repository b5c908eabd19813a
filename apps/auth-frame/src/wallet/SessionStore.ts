/**
 * Small string storage for the frame's session state (device id, session token, the pending PKCE
 * verifier). The frame backs it with its own origin's localStorage, or with memory where the browser
 * denies a third-party frame storage (`createMemorySessionStore`). Never holds key material.
 */
export type SessionStore = {
  get(key: string): string | null
  set(key: string, value: string): void
  remove(key: string): void
}

/** Keys the wallet uses in its SessionStore. */
export const SESSION_KEYS = {
  deviceId: '@modalkit-frame/device-id',
  sessionToken: '@modalkit-frame/session',
  social: '@modalkit-frame/social-pkce',
  /**
   * Followed by a user id: the x coordinate (1..255, not key material) of a new wallet's recovery
   * share not yet typed back, so a reload shows the same text again instead of skipping it.
   */
  pendingRecoveryPrefix: '@modalkit-frame/pending-recovery/',
  /** Followed by an EIP-5792 batch id: what wallet_getCallsStatus needs of that batch. */
  callsPrefix: '@modalkit-frame/calls/',
  /** Followed by a user id and a site origin: that user allowed that site to see the Bitcoin address. */
  bitcoinGrantPrefix: '@modalkit-frame/bitcoin-grant/',
} as const
