import { type EvmTransactionRequest, hexQuantitySchema, ServerError } from '@modalkit/protocol'
import { padGasEstimate } from '@modalkit/shared'
import { toQuantity } from 'ethers'
import type { WalletRpc } from './WalletRequest.ts'

export type FillEvmTransactionParameters = {
  transaction: EvmTransactionRequest
  /** The wallet's own address: the sender, whatever the request said (it was checked before). */
  from: string
  caipNetworkId: string
  chainId: bigint
  rpc: WalletRpc
}

/** The fields read from the latest block, unchecked until used. */
type LatestBlock = { baseFeePerGas?: unknown; gasLimit?: unknown }

/** A quantity the node answered; anything else is the node's (or proxy's) fault, not the dapp's. */
async function quantity(rpc: WalletRpc, caip: string, method: string, params: unknown[]): Promise<bigint> {
  const result = await rpc(caip, method, params)
  if (!hexQuantitySchema.safeParse(result).success) throw new ServerError(`${method}: unexpected reply`)
  return BigInt(result as string)
}

/**
 * Fills what a dapp usually leaves out of eth_sendTransaction, by RPC, before any key exists: the
 * nonce (pending count, so queued transactions are counted), the gas (eth_estimateGas, padded by
 * padGasEstimate so a later block does not run the call out of gas), and the fees:
 * EIP-1559 when the latest block has a base fee (tip from eth_maxPriorityFeePerGas, cap at twice the
 * base fee plus the tip, which survives six full blocks of increases), else a legacy gasPrice. Fields
 * the dapp gave are kept; the result is what the approval showed plus the filled numbers.
 */
export async function fillEvmTransaction({
  transaction,
  from,
  caipNetworkId: caip,
  chainId,
  rpc,
}: FillEvmTransactionParameters): Promise<EvmTransactionRequest> {
  const tx: EvmTransactionRequest = { ...transaction, from, chainId: toQuantity(chainId) }
  if (tx.input !== undefined && tx.data === undefined) tx.data = tx.input
  delete tx.input
  tx.nonce ??= toQuantity(await quantity(rpc, caip, 'eth_getTransactionCount', [from, 'pending']))
  let latest: Promise<LatestBlock | null> | undefined
  const latestBlock = () => {
    latest ??= rpc(caip, 'eth_getBlockByNumber', ['latest', false]) as Promise<LatestBlock | null>
    return latest
  }
  if (tx.gas === undefined) {
    const call = {
      from,
      ...(tx.to ? { to: tx.to } : {}),
      ...(tx.value ? { value: tx.value } : {}),
      ...(tx.data ? { data: tx.data } : {}),
    }
    const estimate = await quantity(rpc, caip, 'eth_estimateGas', [call])
    const gasLimit = (await latestBlock())?.gasLimit
    tx.gas = toQuantity(
      padGasEstimate(
        estimate,
        hexQuantitySchema.safeParse(gasLimit).success ? BigInt(gasLimit as string) : undefined,
      ),
    )
  }
  const legacy = tx.gasPrice !== undefined || tx.type === '0x0' || tx.type === '0x1'
  if (legacy) {
    tx.gasPrice ??= toQuantity(await quantity(rpc, caip, 'eth_gasPrice', []))
    return tx
  }
  const block = await latestBlock()
  const baseFee = block?.baseFeePerGas
  if (!hexQuantitySchema.safeParse(baseFee).success) {
    // A chain without EIP-1559 (unless the dapp asked for type 2, which such a chain would refuse).
    if (tx.type === '0x2' || tx.maxFeePerGas !== undefined) throw new ServerError('chain has no base fee')
    tx.gasPrice = toQuantity(await quantity(rpc, caip, 'eth_gasPrice', []))
    return tx
  }
  const tip =
    tx.maxPriorityFeePerGas === undefined
      ? await quantity(rpc, caip, 'eth_maxPriorityFeePerGas', [])
      : BigInt(tx.maxPriorityFeePerGas)
  const cap = tx.maxFeePerGas === undefined ? 2n * BigInt(baseFee as string) + tip : BigInt(tx.maxFeePerGas)
  tx.maxFeePerGas = toQuantity(cap)
  tx.maxPriorityFeePerGas = toQuantity(tip > cap ? cap : tip)
  return tx
}
