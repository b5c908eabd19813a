import { AppKitError } from './AppKitError.ts'

/**
 * The embedded wallet's Bitcoin refusals. Each is raised in the secure frame before any
 * approval is shown and before the seed is rebuilt: nothing is signed. SPEC §8 names no words for
 * them; these are the wallet's own.
 */

/**
 * signPsbt asked for a sighash other than SIGHASH_ALL (or DEFAULT, signed as ALL). SIGHASH_NONE,
 * SINGLE and ANYONECANPAY leave outputs or inputs out of the signature: whoever holds the PSBT could
 * then send the user's coins elsewhere after the approval.
 */
export class BitcoinSighashRefusedError extends AppKitError {
  override name = 'BitcoinSighashRefusedError'
  constructor(details?: string) {
    super({
      code: 4200,
      shortMessage:
        'Only SIGHASH_ALL signatures are supported: other sighash types let others change the transaction',
      details,
    })
  }
}

/** signPsbt named an input this wallet cannot sign as shown: another address, or no witnessUtxo. */
export class BitcoinInputRefusedError extends AppKitError {
  override name = 'BitcoinInputRefusedError'
  constructor(details?: string) {
    super({ code: -32602, shortMessage: 'This wallet cannot sign the requested input', details })
  }
}

/** signPsbt with `broadcast: true`: the embedded wallet has no Bitcoin node to send through. */
export class BitcoinBroadcastUnsupportedError extends AppKitError {
  override name = 'BitcoinBroadcastUnsupportedError'
  constructor() {
    super({
      code: 4200,
      shortMessage: 'The embedded wallet cannot broadcast Bitcoin transactions: sign without broadcast',
    })
  }
}

/** sendTransfer: the embedded wallet has no Bitcoin node or indexer to find its coins. */
export class BitcoinTransferUnsupportedError extends AppKitError {
  override name = 'BitcoinTransferUnsupportedError'
  constructor() {
    super({
      code: 4200,
      shortMessage:
        'The embedded wallet cannot send Bitcoin transfers: it has no Bitcoin node or indexer to find its coins',
    })
  }
}
