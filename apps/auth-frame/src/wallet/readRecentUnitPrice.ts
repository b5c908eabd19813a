import { COMPUTE_BUDGET_PROGRAM } from '../keys/describeComputeBudget.ts'
import type { SolanaTransactionItem } from '../keys/describeSolanaTransaction.ts'
import type { WalletRpc } from './WalletRequest.ts'

type PrioritizationFee = { slot: number; prioritizationFee: number }

/**
 * The median unit price (micro-lamports) of the chain's recent slots, from
 * getRecentPrioritizationFees, asked only when a transaction sets a unit price (ComputeBudget tag 3).
 * `undefined` when the chain does not answer or gives no slot: the approval then checks the fee
 * against its absolute cap alone (PRIORITY_FEE_CAP_LAMPORTS).
 */
export async function readRecentUnitPrice(
  items: readonly SolanaTransactionItem[],
  rpc: WalletRpc,
  caipNetworkId: string,
): Promise<bigint | undefined> {
  const setsPrice = items.some(({ transaction, accountKeys }) => {
    const keys = accountKeys ?? transaction.message.staticAccountKeys.map((k) => k.toBase58())
    return transaction.message.compiledInstructions.some(
      (ix) => keys[ix.programIdIndex] === COMPUTE_BUDGET_PROGRAM && ix.data[0] === 3,
    )
  })
  if (!setsPrice) return undefined
  let reply: unknown
  try {
    reply = await rpc(caipNetworkId, 'getRecentPrioritizationFees', [])
  } catch {
    return undefined
  }
  if (!Array.isArray(reply)) return undefined
  const prices = (reply as PrioritizationFee[])
    .map((entry) => entry?.prioritizationFee)
    .filter((fee): fee is number => Number.isSafeInteger(fee) && fee >= 0)
    .map(BigInt)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  if (prices.length === 0) return undefined
  return prices[Math.floor(prices.length / 2)]
}
