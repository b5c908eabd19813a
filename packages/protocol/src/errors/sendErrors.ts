import { AppKitError } from './AppKitError.ts'

/**
 * Send's refusals: each is raised before anything is asked of a wallet, so a bad form
 * never leaves a half-sent state. SPEC §8 names no words for them; these are the modal's own.
 */

/** The recipient is neither an address of the namespace (SPEC §5) nor a name that resolves to one. */
export class InvalidRecipientError extends AppKitError {
  override name = 'InvalidRecipientError'
  constructor(details?: string) {
    super({ code: 'invalid_recipient', shortMessage: 'Invalid address', details })
  }
}

/** The amount is not a positive number with at most the token's decimals. */
export class InvalidAmountError extends AppKitError {
  override name = 'InvalidAmountError'
  constructor(details?: string) {
    super({ code: 'invalid_amount', shortMessage: 'Invalid amount', details })
  }
}

/** The amount is more than the account holds of the token. */
export class InsufficientBalanceError extends AppKitError {
  override name = 'InsufficientBalanceError'
  constructor(details?: string) {
    super({ code: 'insufficient_balance', shortMessage: 'Insufficient balance', details })
  }
}

/** Pay: the project or the site turned the `pay` feature off. */
export class PayDisabledError extends AppKitError {
  override name = 'PayDisabledError'
  constructor() {
    super({ code: 'pay_disabled', shortMessage: 'Payments are not enabled for this site' })
  }
}

/** Pay: `pay()` while another payment is still open. */
export class PaymentInProgressError extends AppKitError {
  override name = 'PaymentInProgressError'
  constructor() {
    super({ code: 'payment_in_progress', shortMessage: 'A payment is already in progress' })
  }
}
