import { hexQuantitySchema } from '@modalkit/protocol'
import { toQuantity } from 'ethers'
import type { SiteOperationFees } from '../keys/describeOperation.ts'
import { checkFeeCap } from '../wallet/transactions/checkFeeCap.ts'

/**
 * The fees a site set in its own user operation, checked as a site's transaction fees are: the fee
 * cap against the network's estimate (checkFeeCap), and whether the chain has EIP-1559's base fee
 * (there a priority fee equal to the cap makes the EntryPoint charge the whole cap). A chain whose
 * latest block cannot be read counts as having one, so the warning is not lost.
 */
export async function checkOperationFees(
  fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  read: (method: string, params: unknown[]) => Promise<unknown>,
  caipNetworkId: string,
): Promise<SiteOperationFees> {
  const warning = await checkFeeCap(
    { maxFeePerGas: toQuantity(fees.maxFeePerGas) },
    (_, method, params) => read(method, params),
    caipNetworkId,
  )
  const block = (await read('eth_getBlockByNumber', ['latest', false]).catch(() => undefined)) as
    | { baseFeePerGas?: unknown }
    | null
    | undefined
  const eip1559 = !block || hexQuantitySchema.safeParse(block.baseFeePerGas).success
  return { ...fees, warning, eip1559 }
}
