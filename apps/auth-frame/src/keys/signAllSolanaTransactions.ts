import {
  parseWith,
  type SolanaSignAllTransactionsParams,
  solanaSignAllTransactionsParamsSchema,
} from '@modalkit/protocol'
import {
  type SignSolanaTransactionReturnType,
  signParsedSolanaTransactions,
} from './signSolanaTransaction.ts'

/**
 * solana_signAllTransactions: every transaction is parsed and checked before any is signed, so one
 * malformed transaction in the batch yields an error and no signature at all.
 */
export function signAllSolanaTransactions(
  seed: Uint8Array,
  params: SolanaSignAllTransactionsParams,
): SignSolanaTransactionReturnType[] {
  const { transactions } = parseWith(
    solanaSignAllTransactionsParamsSchema,
    params,
    'solana_signAllTransactions params',
  )
  return signParsedSolanaTransactions(seed, transactions)
}
