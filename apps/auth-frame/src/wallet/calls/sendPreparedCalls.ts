import { DuplicateCallsIdError, RequestAbortedError, ServerError } from '@modalkit/protocol'
import { toQuantity } from 'ethers'
import { signEvmTransaction } from '../../keys/signEvmTransaction.ts'
import { log } from '../../log.ts'
import type { WalletRpc } from '../WalletRequest.ts'
import type { CallsStore } from './createCallsStore.ts'
import type { PreparedCalls } from './prepareCalls.ts'

export type SendPreparedCallsParameters = {
  prepared: PreparedCalls
  rpc: WalletRpc
  store: CallsStore
  /** Runs `fn` with the wallet's seed, rebuilt and checked for this one call, then wiped. */
  withWalletSeed: <T>(fn: (seed: Uint8Array) => T) => Promise<T>
  signal?: AbortSignal | undefined
}

/**
 * Signs an approved batch with one rebuilt seed (wiped before anything is sent), then sends the
 * transactions in call order through the chain RPC and records the batch for wallet_getCallsStatus.
 * If the node refuses the first, nothing was sent and its error is thrown; if it refuses a later
 * one, the rest (whose nonces would wait forever behind it) is not sent and the batch is recorded as
 * it went, so its status says so (600, or 500). An abort stops it only before the first send.
 */
export async function sendPreparedCalls({
  prepared,
  rpc,
  store,
  withWalletSeed,
  signal,
}: SendPreparedCallsParameters): Promise<{ id: string }> {
  const checkAbort = () => {
    if (signal?.aborted) throw new RequestAbortedError()
  }
  if (store.has(prepared.id)) throw new DuplicateCallsIdError()
  checkAbort()
  const raws = await withWalletSeed((seed) =>
    prepared.transactions.map((tx) => signEvmTransaction(seed, tx, prepared.chainId)),
  )
  checkAbort()
  const hashes: string[] = []
  for (const raw of raws) {
    try {
      const hash = await rpc(prepared.caipNetworkId, 'eth_sendRawTransaction', [raw])
      if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
        throw new ServerError('eth_sendRawTransaction: unexpected reply')
      }
      hashes.push(hash)
    } catch (error) {
      if (hashes.length === 0) throw error
      log.error('a call of the batch was not sent; the rest is dropped', error)
      break
    }
  }
  store.save(prepared.id, {
    from: prepared.from,
    chainId: toQuantity(prepared.chainId),
    total: raws.length,
    hashes,
  })
  return { id: prepared.id }
}
