import { AppKitError } from '@modalkit/protocol'

/**
 * Errors of the key core. They reuse the product's closed code union (STYLE.md: one base, codes from
 * SPEC §8 / EIP-1193): bad input is `validation_error`, a chain mismatch is SPEC §8's -32603
 * ("invalid chain id"), a request for an account this wallet does not hold is EIP-1193's 4100.
 * No message or detail ever carries key material.
 */

/** A seed that is not BIP-39 entropy (16 to 32 bytes, a multiple of 4). */
export class InvalidSeedError extends AppKitError {
  override name = 'InvalidSeedError'
  constructor(details: string) {
    super({ code: 'validation_error', shortMessage: 'Invalid seed', details })
  }
}

/** A share that is malformed, or two shares that cannot be combined (same share twice, lengths differ). */
export class InvalidShareError extends AppKitError {
  override name = 'InvalidShareError'
  constructor(details: string) {
    super({ code: 'validation_error', shortMessage: 'Invalid key share', details })
  }
}

export type RecoveryFormatReason = 'prefix' | 'encoding' | 'length' | 'checksum'

/** The recovery text the user pasted is not one this wallet exported (or was mistyped). */
export class RecoveryFormatError extends AppKitError {
  override name = 'RecoveryFormatError'
  readonly reason: RecoveryFormatReason
  constructor(reason: RecoveryFormatReason) {
    super({ code: 'validation_error', shortMessage: 'Invalid recovery code', details: `reason: ${reason}` })
    this.reason = reason
  }
}

/** A request bound to another chain than the active one (EIP-712 domain, transaction chainId). */
export class ChainMismatchError extends AppKitError {
  override name = 'ChainMismatchError'
  constructor(requested: bigint, active: bigint) {
    super({
      code: -32603,
      shortMessage: 'Invalid chain id',
      details: `requested ${requested}, active ${active}`,
    })
  }
}

/** The request names a signer that is not this wallet's account. */
export class AccountMismatchError extends AppKitError {
  override name = 'AccountMismatchError'
  constructor(requested: string) {
    super({
      code: 4100,
      shortMessage: 'The requested account has not been authorized',
      details: `account: ${requested}`,
    })
  }
}
