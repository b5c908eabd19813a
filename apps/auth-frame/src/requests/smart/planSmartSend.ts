import {
  ChainNotSupportedError,
  DuplicateCallsIdError,
  invalidInput,
  parseWith,
  RequestAbortedError,
  sendCallsParamsSchema,
  sendTransactionParamsSchema,
} from '@modalkit/protocol'
import { toQuantity } from 'ethers'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import { waitForOperation } from '../../smartAccount/waitForOperation.ts'
import { checkCapabilities } from '../../wallet/calls/checkCapabilities.ts'
import type { WalletRequest } from '../../wallet/WalletRequest.ts'
import type { RequestPlan } from '../RequestPlan.ts'
import {
  evmChainOf,
  prepareCalls,
  type SmartRequestContext,
  sameAddress,
  toCall,
} from './SmartRequestContext.ts'

/**
 * eth_sendTransaction from the smart account: one user operation, filled before the approval and
 * sent as filled; the site gets the bundle's transaction hash once the operation is in a block.
 */
export async function planSmartTransaction(
  context: SmartRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  const { session } = context
  const chain = evmChainOf(request)
  const [tx] = parseWith(sendTransactionParamsSchema, request.params, 'eth_sendTransaction params')
  if (tx.from !== undefined && !sameAddress(tx.from, session.address)) throw new AccountMismatchError(tx.from)
  if (tx.chainId !== undefined && BigInt(tx.chainId) !== chain.chainId)
    throw new ChainNotSupportedError(tx.chainId)
  const call = toCall({ to: tx.to, value: tx.value, data: tx.data ?? tx.input }, 'eth_sendTransaction params')
  const { prepared, description } = await prepareCalls(context, request, 'eth_sendTransaction', [call])
  return {
    description,
    async perform(signal) {
      if (signal.aborted) throw new RequestAbortedError()
      const hash = await session.send(prepared)
      return (await waitForOperation(session, hash, signal)).transactionHash
    },
  }
}

/** wallet_sendCalls from the smart account: the whole batch as one atomic user operation. */
export async function planSmartCalls(
  context: SmartRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  const { session, store } = context
  const chain = evmChainOf(request)
  const [batch] = parseWith(sendCallsParamsSchema, request.params, 'wallet_sendCalls params')
  if (!/^2\./.test(batch.version))
    throw invalidInput('wallet_sendCalls params', `version ${batch.version} is not 2.x`, [0, 'version'])
  if (batch.from !== undefined && !sameAddress(batch.from, session.address))
    throw new AccountMismatchError(batch.from)
  if (BigInt(batch.chainId) !== chain.chainId) throw new ChainNotSupportedError(batch.chainId)
  checkCapabilities(withoutPaymaster(batch.capabilities))
  for (const call of batch.calls) checkCapabilities(call.capabilities)
  if (batch.id !== undefined && store.has(batch.id)) throw new DuplicateCallsIdError()
  const calls = batch.calls.map((call) => toCall(call, 'wallet_sendCalls params'))
  const { prepared, description } = await prepareCalls(context, request, 'wallet_sendCalls', calls)
  return {
    description,
    async perform(signal) {
      if (signal.aborted) throw new RequestAbortedError()
      const hash = await session.send(prepared)
      const id = batch.id ?? hash
      store.save(id, {
        from: session.address,
        chainId: toQuantity(chain.chainId),
        total: calls.length,
        hashes: [],
        userOperation: hash,
      })
      return { id }
    },
  }
}

/** ERC-7677's capability is this account's own: the project's paymaster, when it sponsors. */
function withoutPaymaster(capabilities: Record<string, unknown> | undefined) {
  if (!capabilities) return capabilities
  const { paymasterService: _, ...rest } = capabilities
  return rest
}
