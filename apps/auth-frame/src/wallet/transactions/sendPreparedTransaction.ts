import { RequestAbortedError, ServerError } from '@modalkit/protocol'
import { signEvmTransaction } from '../../keys/signEvmTransaction.ts'
import type { WalletRpc } from '../WalletRequest.ts'
import type { PreparedTransaction } from './prepareTransaction.ts'

export type SendPreparedTransactionParameters = {
  prepared: PreparedTransaction
  rpc: WalletRpc
  /** Runs `fn` with the wallet's seed, rebuilt and checked for this one call, then wiped. */
  withWalletSeed: <T>(fn: (seed: Uint8Array) => T) => Promise<T>
  signal?: AbortSignal | undefined
}

/**
 * Signs an approved transaction exactly as prepared (nothing is filled again: the approval showed
 * these numbers), wipes the seed, then sends it and returns its hash. An abort stops it before the
 * seed is rebuilt and before the send (RequestAbortedError).
 */
export async function sendPreparedTransaction({
  prepared,
  rpc,
  withWalletSeed,
  signal,
}: SendPreparedTransactionParameters): Promise<string> {
  const checkAbort = () => {
    if (signal?.aborted) throw new RequestAbortedError()
  }
  checkAbort()
  const raw = await withWalletSeed((seed) => signEvmTransaction(seed, prepared.transaction, prepared.chainId))
  checkAbort()
  const hash = await rpc(prepared.caipNetworkId, 'eth_sendRawTransaction', [raw])
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new ServerError('eth_sendRawTransaction: unexpected reply')
  }
  return hash
}
