import { AccountMismatchError } from './keyErrors.ts'
import { parseEvmTransaction } from './parseEvmTransaction.ts'
import { signEvmDigest } from './signEvmDigest.ts'

/**
 * Signs a complete EVM transaction (`parseEvmTransaction` checks it) for `chainId` and returns the
 * signed raw transaction, which the caller sends with eth_sendRawTransaction. A `from` that is not
 * this wallet's account is refused (AccountMismatchError) instead of being silently replaced.
 */
export function signEvmTransaction(seed: Uint8Array, transaction: unknown, chainId: bigint): string {
  const { request, tx } = parseEvmTransaction(transaction, chainId)
  const { signature, address } = signEvmDigest(seed, tx.unsignedHash)
  if (request.from !== undefined && request.from.toLowerCase() !== address.toLowerCase()) {
    throw new AccountMismatchError(request.from)
  }
  tx.signature = signature
  return tx.serialized
}
