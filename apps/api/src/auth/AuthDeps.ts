import type { Db } from '../db/Db.ts'
import type { AuthKeys } from './authKeys.ts'
import type { Mailer } from './createMailer.ts'
import type { SocialProviders } from './socialProviders.ts'

/** What the auth endpoints need, injected so tests run them on real stand-ins with a fake clock. */
export type AuthDeps = {
  db: Db
  /** Epoch milliseconds. Every TTL reads this clock, never Date.now(). */
  now: () => number
  keys: AuthKeys
  /** SMTP, used only by the mail worker (startMailWorker): requests queue their mails in the outbox. */
  mailer: Mailer
  /**
   * Wakes this process's mail worker after a request committed mails, so they leave at once; set by
   * the server that runs the worker (createServer). Without it the worker's poll finds them.
   */
  wakeMailWorker?: () => void
  /** The secure frame's exact origin: the only browser origin the auth endpoints answer. */
  authOrigin: string
  /** The API's public origin, for the device-approval link in mails. */
  apiOrigin: string
  socialProviders: SocialProviders
  /** Multiplies the per-client login limits; 1 but on the test stack (readClientLimitFactor). */
  clientLimitFactor?: number
  /**
   * Farcaster login: the JSON-RPC URL of the chain with Farcaster's ID registry (OP
   * mainnet in production, a local anvil node with the registry at its real address locally). No URL:
   * Farcaster login is refused.
   */
  farcasterRpcUrl?: string
}

export const MINUTE = 60_000
/** SECURITY.md: one-time codes expire within 10 minutes. */
export const OTP_TTL_MS = 10 * MINUTE
/** SECURITY.md: at most 5 tries, then the request is burned. */
export const MAX_OTP_ATTEMPTS = 5
export const SESSION_TTL_MS = 7 * 24 * 60 * MINUTE
/** A share may be replaced only from a session this fresh (a re-login just before). */
export const FRESH_SESSION_MS = 5 * MINUTE
