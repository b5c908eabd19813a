import {
  type EvmTransactionRequest,
  parseWith,
  sendTransactionParamsSchema,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { describeTransaction } from '../../keys/describeTransaction.ts'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import { parseEvmTransaction } from '../../keys/parseEvmTransaction.ts'
import type { RequestDescription } from '../../keys/RequestDescription.ts'
import { fillEvmTransaction } from '../fillEvmTransaction.ts'
import { readCallTokens } from '../readCallTokens.ts'
import { toRequestChain } from '../toRequestChain.ts'
import type { WalletRequest, WalletRpc } from '../WalletRequest.ts'
import { checkFeeCap } from './checkFeeCap.ts'

/** An eth_sendTransaction checked and filled, ready to be shown and, once approved, signed as is. */
export type PreparedTransaction = {
  caipNetworkId: string
  chainId: bigint
  /** Complete (nonce, gas, fees): the approval shows it and exactly it is signed, never refilled. */
  transaction: EvmTransactionRequest
  description: RequestDescription
}

export type PrepareTransactionParameters = {
  request: WalletRequest
  /** The wallet's EVM address. */
  account: string
  rpc: WalletRpc
  /** The network's name as the site configured it (shown, marked, only for chains the frame does not know). */
  siteNetworkName?: string | undefined
}

/**
 * Checks an eth_sendTransaction (schema, sender) and fills it by RPC (nonce, gas, fees) BEFORE the
 * approval, as wallet_sendCalls does, so the screen shows the gas limit, the fee cap and the most it
 * can cost, and the user approves the very transaction that is signed (H3). Also parsed as
 * the signer will parse it, so a transaction that could not be signed is refused before it is shown.
 */
export async function prepareTransaction({
  request,
  account,
  rpc,
  siteNetworkName,
}: PrepareTransactionParameters): Promise<PreparedTransaction> {
  const chain = toRequestChain(request)
  if (chain.namespace !== 'eip155') throw new UnsupportedMethodError(request.method)
  const [given] = parseWith(sendTransactionParamsSchema, request.params, 'eth_sendTransaction params')
  if (given.from !== undefined && given.from.toLowerCase() !== account.toLowerCase()) {
    throw new AccountMismatchError(given.from)
  }
  const transaction = await fillEvmTransaction({
    transaction: given,
    from: account,
    caipNetworkId: chain.caipNetworkId,
    chainId: chain.chainId,
    rpc,
  })
  parseEvmTransaction(transaction, chain.chainId)
  const [tokens, feeWarning] = await Promise.all([
    readCallTokens(rpc, chain.caipNetworkId, [transaction]),
    checkFeeCap(given, rpc, chain.caipNetworkId),
  ])
  const { title, fields } = describeTransaction({
    caipNetworkId: chain.caipNetworkId,
    siteNetworkName,
    transaction,
    tokens,
    feeWarning,
  })
  return {
    caipNetworkId: chain.caipNetworkId,
    chainId: chain.chainId,
    transaction,
    description: { method: 'eth_sendTransaction', title, fields },
  }
}
