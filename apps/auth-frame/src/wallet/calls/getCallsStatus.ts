import {
  CALLS_VERSION,
  type CallsReceipt,
  type CallsStatus,
  callsReceiptSchema,
  getCallsStatusParamsSchema,
  parseWith,
  UnknownBundleIdError,
} from '@modalkit/protocol'
import type { WalletRpc } from '../WalletRequest.ts'
import type { CallsStore } from './createCallsStore.ts'
import { toCallsStatusCode } from './toCallsStatusCode.ts'

export type GetCallsStatusParameters = {
  params: unknown
  /** The wallet's EVM address: only its own batches are answered. */
  account: string
  rpc: WalletRpc
  store: CallsStore
}

/**
 * wallet_getCallsStatus: the batch's receipts, read from the chain (eth_getTransactionReceipt per
 * transaction, parsed), and its EIP-5792 status. An id this account did not send: 5730.
 */
export async function getCallsStatus({
  params,
  account,
  rpc,
  store,
}: GetCallsStatusParameters): Promise<CallsStatus> {
  const [id] = parseWith(getCallsStatusParamsSchema, params, 'wallet_getCallsStatus params')
  const batch = store.get(id)
  if (!batch || batch.from.toLowerCase() !== account.toLowerCase()) throw new UnknownBundleIdError()
  const caip = `eip155:${BigInt(batch.chainId)}`
  const receipts = await Promise.all(
    batch.hashes.map(async (hash): Promise<CallsReceipt | null> => {
      const reply = await rpc(caip, 'eth_getTransactionReceipt', [hash])
      return reply === null ? null : parseWith(callsReceiptSchema, reply, 'transaction receipt')
    }),
  )
  return {
    version: CALLS_VERSION,
    id,
    chainId: batch.chainId,
    status: toCallsStatusCode({ total: batch.total, receipts }),
    atomic: false,
    receipts: receipts.filter((receipt): receipt is CallsReceipt => receipt !== null),
  }
}
