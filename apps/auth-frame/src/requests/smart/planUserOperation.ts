import {
  invalidInput,
  parseWith,
  RequestAbortedError,
  sendUserOperationParamsSchema,
} from '@modalkit/protocol'
import { describeOperation } from '../../keys/describeOperation.ts'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import { checkOperationFees } from '../../smartAccount/checkOperationFees.ts'
import type { WalletRequest } from '../../wallet/WalletRequest.ts'
import type { RequestPlan } from '../RequestPlan.ts'
import { evmChainOf, type SmartRequestContext, sameAddress } from './SmartRequestContext.ts'

/**
 * A site's own user operation (eth_sendUserOperation) for this account, through its entry point:
 * every call of it decoded, the site's fees checked as a site's transaction fees are, and signed as
 * shown. The site gets the operation's hash and follows it with eth_getUserOperationReceipt.
 */
export async function planUserOperation(
  { session, site }: SmartRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  const chain = evmChainOf(request)
  const [operation, entryPoint] = parseWith(
    sendUserOperationParamsSchema,
    request.params,
    'eth_sendUserOperation params',
  )
  if (!sameAddress(operation.sender, session.address)) throw new AccountMismatchError(operation.sender)
  if (!sameAddress(entryPoint, session.entryPoint))
    throw invalidInput(
      'eth_sendUserOperation params',
      `entry point ${entryPoint} is not this account's (${session.entryPoint})`,
      [1],
    )
  const { calls, ...prepared } = await session.prepareOperation(operation)
  const siteFees =
    operation.maxFeePerGas === undefined
      ? undefined
      : await checkOperationFees(prepared.operation, session.read, chain.caipNetworkId)
  const description = describeOperation({
    method: 'eth_sendUserOperation',
    caipNetworkId: chain.caipNetworkId,
    account: session.address,
    calls,
    site,
    ...prepared,
    siteFees,
  })
  return {
    description,
    perform: async (signal) => {
      if (signal.aborted) throw new RequestAbortedError()
      return session.send(prepared)
    },
  }
}
