import {
  AppKitError,
  bitcoinWalletAccountSchema,
  ChainNotSupportedError,
  ConnectionRejectedError,
  FailedToConnectError,
  NotConnectedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  ValidationError,
} from '@modalkit/protocol'
import { BITCOIN_SCRIPT_EVENT, type BitcoinScript, type BitcoinScriptParts } from './bitcoinHandoff.ts'
import type { LentProtocol } from './borrowedProtocol.ts'
import { loadScript } from './loadScript.ts'

/** The Bitcoin script's file name and SRI hash, written in at build time (coreBuild.ts). */
declare const __APPKIT_BITCOIN__: { file: string; integrity: string }

/** The core's classes and schemas the Bitcoin script takes as its own (borrowedProtocol.ts). */
export const LENT: LentProtocol = {
  AppKitError,
  ChainNotSupportedError,
  ConnectionRejectedError,
  FailedToConnectError,
  NotConnectedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  ValidationError,
  bitcoinWalletAccountSchema,
}

/**
 * Loads the Bitcoin script once, from the origin the loader came from, pinned by its SRI hash, and
 * lends it the core's error classes and schemas (borrowedProtocol.ts); a failed load is tried again
 * by the next call.
 */
export function bitcoinScriptLoader(modalOrigin: string): () => Promise<BitcoinScriptParts> {
  let loading: Promise<BitcoinScriptParts> | undefined
  return () => {
    loading ??= loadScript<BitcoinScript>(
      { url: new URL(__APPKIT_BITCOIN__.file, modalOrigin).href, integrity: __APPKIT_BITCOIN__.integrity },
      BITCOIN_SCRIPT_EVENT,
      (detail): detail is BitcoinScript => typeof detail === 'function',
    )
      .then((script) => script(LENT))
      .catch((error: unknown) => {
        loading = undefined
        throw error
      })
    return loading
  }
}
