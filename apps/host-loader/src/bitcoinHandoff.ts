import type { createBitcoinWalletConnector } from './bitcoinWalletConnector.ts'
import type { LentProtocol } from './borrowedProtocol.ts'

// What the core and the Bitcoin script share: only the event and types, so the script's build takes
// nothing of the core's loading code.

/** What the Bitcoin script gives the core. */
export type BitcoinScriptParts = { createBitcoinWalletConnector: typeof createBitcoinWalletConnector }

/** The Bitcoin script's hand-over (bitcoinScript.ts): it takes the core's protocol parts first. */
export type BitcoinScript = (lent: LentProtocol) => BitcoinScriptParts

export const BITCOIN_SCRIPT_EVENT = 'appkit:bitcoin'
