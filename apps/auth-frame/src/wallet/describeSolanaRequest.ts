import {
  parseWith,
  solanaSignAllTransactionsParamsSchema,
  solanaSignTransactionParamsSchema,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { phrase } from '../i18n/phrase.ts'
import { describeSolanaTransactions, type SolanaTransactionItem } from '../keys/describeSolanaTransaction.ts'
import { parseSolanaTransaction } from '../keys/parseSolanaTransaction.ts'
import type { RequestDescription } from '../keys/RequestDescription.ts'
import { readRecentUnitPrice } from './readRecentUnitPrice.ts'
import { resolveLookupTables } from './resolveLookupTables.ts'
import { toRequestChain } from './toRequestChain.ts'
import type { WalletRequest, WalletRpc } from './WalletRequest.ts'

/**
 * The approval text of a Solana transaction request, with every account named: accounts a v0
 * message loads from address lookup tables are resolved through the chain first (or the request is
 * refused), so an instruction's accounts on screen are the ones the signature authorises. The fee
 * lines name `wallet` (the wallet's Solana address) when another account pays, and compare a
 * priority fee with the chain's recent median unit price when the chain gives one.
 */
export async function describeSolanaRequest(
  request: WalletRequest,
  rpc: WalletRpc,
  wallet?: string,
): Promise<RequestDescription> {
  const { method } = request
  const chain = toRequestChain(request)
  if (chain.namespace !== 'solana') throw new UnsupportedMethodError(method)
  const describe = async (base64s: readonly string[], numbered: boolean) => {
    const items: SolanaTransactionItem[] = await Promise.all(
      base64s.map(async (base64) => {
        const { transaction } = parseSolanaTransaction(base64)
        const accountKeys = await resolveLookupTables(transaction, rpc, chain.caipNetworkId)
        return { transaction, accountKeys }
      }),
    )
    const medianUnitPrice = await readRecentUnitPrice(items, rpc, chain.caipNetworkId)
    return describeSolanaTransactions(items, { wallet, medianUnitPrice }, numbered)
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
        fields: await describe([transaction], false),
      }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = parseWith(
        solanaSignAllTransactionsParamsSchema,
        request.params,
        `${method} params`,
      )
      const title = phrase('title.signTransactions', { count: String(transactions.length) })
      return { method, title, fields: await describe(transactions, true) }
    }
    default:
      throw new UnsupportedMethodError(method)
  }
}
