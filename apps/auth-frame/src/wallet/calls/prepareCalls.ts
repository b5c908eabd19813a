import {
  AtomicityNotSupportedError,
  ChainNotSupportedError,
  DuplicateCallsIdError,
  type EvmTransactionRequest,
  invalidInput,
  parseWith,
  ServerError,
  sendCallsParamsSchema,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { hexlify, randomBytes, toQuantity } from 'ethers'
import { describeCalls } from '../../keys/describeCalls.ts'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import type { RequestDescription } from '../../keys/RequestDescription.ts'
import { fillEvmTransaction } from '../fillEvmTransaction.ts'
import { readCallTokens } from '../readCallTokens.ts'
import { toRequestChain } from '../toRequestChain.ts'
import type { WalletRequest, WalletRpc } from '../WalletRequest.ts'
import { checkCapabilities } from './checkCapabilities.ts'

/** A wallet_sendCalls checked and filled, ready to be shown and, once approved, signed as is. */
export type PreparedCalls = {
  id: string
  from: string
  caipNetworkId: string
  chainId: bigint
  transactions: EvmTransactionRequest[]
  description: RequestDescription
}

export type PrepareCallsParameters = {
  request: WalletRequest
  /** The wallet's EVM address. */
  account: string
  rpc: WalletRpc
  /** Whether a batch id was used before (EIP-5792: ids are unique). */
  isKnownId(id: string): boolean
}

/**
 * Checks a wallet_sendCalls (schema, version, atomicity, sender, chain, capabilities, id) and fills
 * one transaction per call by RPC (nonces counted up from the pending count, gas, fees), before any
 * key exists. The chain must be the request's, which the modal picked among its configured networks.
 */
export async function prepareCalls({
  request,
  account,
  rpc,
  isKnownId,
}: PrepareCallsParameters): Promise<PreparedCalls> {
  const chain = toRequestChain(request)
  if (chain.namespace !== 'eip155') throw new UnsupportedMethodError(request.method)
  const [calls] = parseWith(sendCallsParamsSchema, request.params, 'wallet_sendCalls params')
  if (!/^2\./.test(calls.version)) {
    throw invalidInput('wallet_sendCalls params', `version ${calls.version} is not 2.x`, [0, 'version'])
  }
  if (calls.atomicRequired) throw new AtomicityNotSupportedError()
  if (calls.from !== undefined && calls.from.toLowerCase() !== account.toLowerCase()) {
    throw new AccountMismatchError(calls.from)
  }
  if (BigInt(calls.chainId) !== chain.chainId) throw new ChainNotSupportedError(calls.chainId)
  checkCapabilities(calls.capabilities)
  for (const call of calls.calls) checkCapabilities(call.capabilities)
  if (calls.id !== undefined && isKnownId(calls.id)) throw new DuplicateCallsIdError()
  const id = calls.id ?? hexlify(randomBytes(32))

  const pending = await rpc(chain.caipNetworkId, 'eth_getTransactionCount', [account, 'pending'])
  if (typeof pending !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(pending)) {
    throw new ServerError('eth_getTransactionCount: unexpected reply')
  }
  const transactions: EvmTransactionRequest[] = []
  for (const [index, call] of calls.calls.entries()) {
    const transaction: EvmTransactionRequest = {
      ...(call.to === undefined ? {} : { to: call.to }),
      ...(call.value === undefined ? {} : { value: call.value }),
      ...(call.data === undefined ? {} : { data: call.data }),
      nonce: toQuantity(BigInt(pending) + BigInt(index)),
    }
    transactions.push(
      await fillEvmTransaction({
        transaction,
        from: account,
        caipNetworkId: chain.caipNetworkId,
        chainId: chain.chainId,
        rpc,
      }),
    )
  }
  const tokens = await readCallTokens(rpc, chain.caipNetworkId, transactions)
  const description = describeCalls({ caipNetworkId: chain.caipNetworkId, transactions, tokens })
  return {
    id,
    from: account,
    caipNetworkId: chain.caipNetworkId,
    chainId: chain.chainId,
    transactions,
    description,
  }
}
