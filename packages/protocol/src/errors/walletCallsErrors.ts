import { AppKitError } from './AppKitError.ts'

/** The EIP-5792 errors of the wallet call API, with the sentences the EIP gives (SPEC §8 where it names one). */

/** SPEC §5, §8: wallet_getCapabilities needs the account it is asked about. */
export class MissingCapabilitiesAddressError extends AppKitError {
  override name = 'MissingCapabilitiesAddressError'
  constructor() {
    super({ code: -32602, shortMessage: 'Missing address parameter in wallet_getCapabilities request' })
  }
}

/** EIP-5792 5700: the dapp requires a capability this wallet does not have. */
export class UnsupportedCapabilityError extends AppKitError {
  override name = 'UnsupportedCapabilityError'
  constructor(capability: string) {
    super({
      code: 5700,
      shortMessage: 'Unsupported non-optional capability',
      details: `capability: ${capability}`,
    })
  }
}

/** EIP-5792 5720: a batch id the dapp already used. */
export class DuplicateCallsIdError extends AppKitError {
  override name = 'DuplicateCallsIdError'
  constructor() {
    super({ code: 5720, shortMessage: 'Duplicate ID' })
  }
}

/** EIP-5792 5730: wallet_getCallsStatus for a batch this wallet did not send. */
export class UnknownBundleIdError extends AppKitError {
  override name = 'UnknownBundleIdError'
  constructor() {
    super({ code: 5730, shortMessage: 'Unknown bundle id' })
  }
}

/** EIP-5792 5760: `atomicRequired: true`, which an EOA cannot do (each call is its own transaction). */
export class AtomicityNotSupportedError extends AppKitError {
  override name = 'AtomicityNotSupportedError'
  constructor() {
    super({ code: 5760, shortMessage: 'Atomicity not supported' })
  }
}

/** SPEC §8: the wallet paired over WalletConnect did not approve wallet_getCallsStatus for this session. */
export class CallsStatusNotApprovedError extends AppKitError {
  override name = 'CallsStatusNotApprovedError'
  constructor() {
    super({ code: 4200, shortMessage: 'Fetching call status not approved by the wallet.' })
  }
}
