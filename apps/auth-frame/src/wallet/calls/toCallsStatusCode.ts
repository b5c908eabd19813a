import { CALLS_STATUS, type CallsReceipt, type CallsStatusCode } from '@modalkit/protocol'

export type ToCallsStatusCodeParameters = {
  /** How many calls the batch had. */
  total: number
  /** Each sent transaction's receipt, in order, or null while it is not mined. */
  receipts: readonly (Pick<CallsReceipt, 'status'> | null)[]
}

/**
 * The EIP-5792 status of a batch sent as separate transactions, from what the chain says of each.
 * Nothing sent: 400 (offchain failure, the wallet does not retry). A transaction not yet mined: 100.
 * All mined: 200 when every call was sent and none reverted, 500 when every sent one reverted, else
 * 600 (some changes are onchain: a call reverted, or sending stopped before the last call).
 */
export function toCallsStatusCode({ total, receipts }: ToCallsStatusCodeParameters): CallsStatusCode {
  if (receipts.length === 0) return CALLS_STATUS.offchainFailure
  if (receipts.some((receipt) => receipt === null)) return CALLS_STATUS.pending
  const reverted = receipts.filter((receipt) => receipt?.status === '0x0').length
  if (reverted === receipts.length) return CALLS_STATUS.reverted
  if (reverted === 0 && receipts.length === total) return CALLS_STATUS.confirmed
  return CALLS_STATUS.partial
}
