import type * as Protocol from '@modalkit/protocol'

// `@modalkit/protocol` as the Bitcoin script sees it (bitcoinScript.ts): its build resolves the
// package here (coreBuild.ts). Error classes and schemas are the core's own, lent when the script
// is loaded, so `instanceof AppKitError` holds for what the script throws and nothing of zod comes
// twice; the pure functions are the package's, bundled. A name the script's modules import that is
// neither fails its build (not exported); borrowedProtocol.test.ts checks that no class or schema
// is among the bundled ones.

/** What the core lends the Bitcoin script (loadBitcoinScript.ts). */
export type LentProtocol = Pick<
  typeof Protocol,
  | 'AppKitError'
  | 'ChainNotSupportedError'
  | 'ConnectionRejectedError'
  | 'FailedToConnectError'
  | 'NotConnectedError'
  | 'UnsupportedMethodError'
  | 'UserRejectedRequestError'
  | 'ValidationError'
  | 'bitcoinWalletAccountSchema'
>

/** Bundled into the Bitcoin script: functions only, which create no error and hold no schema. */
export { bitcoinNetworkOfAddress } from '@modalkit/protocol'

export let AppKitError: LentProtocol['AppKitError']
export let ChainNotSupportedError: LentProtocol['ChainNotSupportedError']
export let ConnectionRejectedError: LentProtocol['ConnectionRejectedError']
export let FailedToConnectError: LentProtocol['FailedToConnectError']
export let NotConnectedError: LentProtocol['NotConnectedError']
export let UnsupportedMethodError: LentProtocol['UnsupportedMethodError']
export let UserRejectedRequestError: LentProtocol['UserRejectedRequestError']
export let ValidationError: LentProtocol['ValidationError']
export let bitcoinWalletAccountSchema: LentProtocol['bitcoinWalletAccountSchema']

/** Takes the core's classes and schemas; called once the script is loaded, before any of its code runs. */
export function lendProtocol(lent: LentProtocol): void {
  ;({
    AppKitError,
    ChainNotSupportedError,
    ConnectionRejectedError,
    FailedToConnectError,
    NotConnectedError,
    UnsupportedMethodError,
    UserRejectedRequestError,
    ValidationError,
    bitcoinWalletAccountSchema,
  } = lent)
}
