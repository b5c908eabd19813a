import { AppKitError, FailedToConnectError, InvalidConnectionStatusError } from '@modalkit/protocol'

/**
 * Errors of the embedded wallet's state machine, on the product's one base (STYLE.md). Messages and
 * details name what went wrong, never a share, a seed, a code or a token.
 */

/**
 * The shares this frame holds rebuild a wallet whose addresses are not the ones the API has for the
 * user: a hostile or corrupted auth share, or this device's share is from before a re-split. The keys
 * are not used; the user can restore with the recovery code (`recover`).
 */
export class KeyMismatchError extends FailedToConnectError {
  override name = 'KeyMismatchError'
}

/** A call made in a state that does not allow it (an OTP with no login started, signing signed out). */
export class WalletStateError extends InvalidConnectionStatusError {
  override name = 'WalletStateError'
}

/** SECURITY.md: one request at a time; a second one while the first is in flight is refused. */
export class RequestInFlightError extends AppKitError {
  override name = 'RequestInFlightError'
  constructor(method: string) {
    super({ code: 5000, shortMessage: 'Another request is in progress', details: `refused: ${method}` })
  }
}

/**
 * A Solana v0 transaction names accounts through an address lookup table that the chain did not
 * return as one (missing, not owned by the lookup-table program, malformed, or too short for an
 * index). Its accounts cannot be shown, so it is not signed (the approval shows exactly
 * what is signed).
 */
export class LookupTableUnavailableError extends AppKitError {
  override name = 'LookupTableUnavailableError'
  constructor(table: string, reason: string) {
    super({
      code: 5000,
      shortMessage: 'Address lookup table could not be read',
      details: `${table}: ${reason}`,
    })
  }
}

/** The recovery text typed back (to confirm it was saved) is not the one shown: nothing is unlocked. */
export class RecoveryMismatchError extends AppKitError {
  override name = 'RecoveryMismatchError'
  constructor() {
    super({
      code: 'validation_error',
      shortMessage: 'The recovery text does not match',
      details: 'typed-back confirmation differs from the text shown',
    })
  }
}
