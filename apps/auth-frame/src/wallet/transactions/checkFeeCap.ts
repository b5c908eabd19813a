import type { EvmTransactionRequest } from '@modalkit/protocol'
import { hexQuantitySchema } from '@modalkit/protocol'
import { formatUnits } from 'ethers'
import { type Phrase, phrase } from '../../i18n/phrase.ts'
import type { WalletRpc } from '../WalletRequest.ts'

/** A site's fee above this many times the node's own estimate is shown as a warning. */
export const FEE_CAP_WARNING_FACTOR = 3n

const gwei = (amount: bigint) => `${formatUnits(amount, 'gwei')} gwei`
const factor = String(FEE_CAP_WARNING_FACTOR)

async function quantity(rpc: WalletRpc, caip: string, method: string, params: unknown[]) {
  const result = await rpc(caip, method, params)
  return hexQuantitySchema.safeParse(result).success ? BigInt(result as string) : undefined
}

/**
 * A warning when the fee the SITE set is far above what the node estimates (a hostile site can make
 * the user pay the whole balance in fees): a maxFeePerGas over 3× (2 × base fee + tip), or a
 * gasPrice over 3× eth_gasPrice. Fees the wallet filled itself are the estimate and need no check.
 * An estimate that cannot be read is itself said, rather than passing silently.
 */
export async function checkFeeCap(
  given: EvmTransactionRequest,
  rpc: WalletRpc,
  caipNetworkId: string,
): Promise<Phrase | undefined> {
  try {
    if (given.gasPrice !== undefined) {
      const estimate = await quantity(rpc, caipNetworkId, 'eth_gasPrice', [])
      if (estimate === undefined) return phrase('fee.gasPriceUnchecked')
      const price = BigInt(given.gasPrice)
      return price > FEE_CAP_WARNING_FACTOR * estimate
        ? phrase('fee.gasPriceHigh', { price: gwei(price), factor, estimate: gwei(estimate) })
        : undefined
    }
    if (given.maxFeePerGas === undefined) return undefined
    const block = (await rpc(caipNetworkId, 'eth_getBlockByNumber', ['latest', false])) as {
      baseFeePerGas?: unknown
    } | null
    const tip = await quantity(rpc, caipNetworkId, 'eth_maxPriorityFeePerGas', [])
    const base = block?.baseFeePerGas
    if (!hexQuantitySchema.safeParse(base).success || tip === undefined) {
      return phrase('fee.feeCapUnchecked')
    }
    const estimate = 2n * BigInt(base as string) + tip
    const cap = BigInt(given.maxFeePerGas)
    return cap > FEE_CAP_WARNING_FACTOR * estimate
      ? phrase('fee.feeCapHigh', { cap: gwei(cap), factor, estimate: gwei(estimate) })
      : undefined
  } catch {
    return phrase('fee.unchecked')
  }
}
