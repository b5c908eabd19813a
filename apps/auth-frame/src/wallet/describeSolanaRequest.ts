import {
  parseWith,
  solanaSignAllTransactionsParamsSchema,
  solanaSignTransactionParamsSchema,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { phrase } from '../i18n/phrase.ts'
import { describeSolanaTransaction } from '../keys/describeSolanaTransaction.ts'
import { parseSolanaTransaction } from '../keys/parseSolanaTransaction.ts'
import type { RequestDescription, RequestField } from '../keys/RequestDescription.ts'
import { resolveLookupTables } from './resolveLookupTables.ts'
import { toRequestChain } from './toRequestChain.ts'
import type { WalletRequest, WalletRpc } from './WalletRequest.ts'

/**
 * The approval text of a Solana transaction request, with every account named: accounts a v0
 * message loads from address lookup tables are resolved through the chain first (or the request is
 * refused), so an instruction's accounts on screen are the ones the signature authorises.
 */
export async function describeSolanaRequest(
  request: WalletRequest,
  rpc: WalletRpc,
): Promise<RequestDescription> {
  const { method } = request
  const chain = toRequestChain(request)
  if (chain.namespace !== 'solana') throw new UnsupportedMethodError(method)
  const describeOne = async (base64: string, index?: number): Promise<RequestField[]> => {
    const { transaction } = parseSolanaTransaction(base64)
    const keys = await resolveLookupTables(transaction, rpc, chain.caipNetworkId)
    return describeSolanaTransaction(transaction, index, keys)
  }
  switch (method) {
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const { transaction } = parseWith(solanaSignTransactionParamsSchema, request.params, `${method} params`)
      return {
        method,
        title: phrase(
          method === 'solana_signTransaction' ? 'title.signTransaction' : 'title.sendTransaction',
        ),
        fields: await describeOne(transaction),
      }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = parseWith(
        solanaSignAllTransactionsParamsSchema,
        request.params,
        `${method} params`,
      )
      const fields = await Promise.all(transactions.map((tx, i) => describeOne(tx, i + 1)))
      const title = phrase('title.signTransactions', { count: String(transactions.length) })
      return { method, title, fields: fields.flat() }
    }
    default:
      throw new UnsupportedMethodError(method)
  }
}
