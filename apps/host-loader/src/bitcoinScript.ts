import { BITCOIN_SCRIPT_EVENT, type BitcoinScript } from './bitcoinHandoff.ts'
import { createBitcoinWalletConnector } from './bitcoinWalletConnector.ts'
import { lendProtocol } from './borrowedProtocol.ts'

// The loader's Bitcoin script (`appkit-bitcoin-<hash>.js`), loaded by the core with SRI when a Bitcoin
// browser wallet is first connected, restored or asked (not before the first click): the
// connector and the adapters of both dialects (Wallet Standard, sats-connect).

const script: BitcoinScript = (lent) => {
  lendProtocol(lent)
  return { createBitcoinWalletConnector }
}

document.currentScript?.dispatchEvent(new CustomEvent(BITCOIN_SCRIPT_EVENT, { detail: script }))
