import {
  parseWith,
  personalSignParamsSchema,
  RequestAbortedError,
  signTypedDataV4ParamsSchema,
} from '@modalkit/protocol'
import type { Hex, TypedDataDefinition } from 'viem'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import { parseTypedData } from '../../keys/parseTypedData.ts'
import { refuseDelegationSigning } from '../../smartAccount/refuseAccountSignatures.ts'
import type { WalletRequest } from '../../wallet/WalletRequest.ts'
import type { RequestPlan } from '../RequestPlan.ts'
import { evmChainOf, type SmartRequestContext, sameAddress } from './SmartRequestContext.ts'

/**
 * personal_sign by the smart account (ERC-1271 / ERC-7739, wrapped in ERC-6492 until it is
 * deployed), after the same approval as an EOA's message.
 */
export async function planSmartMessage(
  { session, wallet }: SmartRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  evmChainOf(request)
  const [message, address] = parseWith(personalSignParamsSchema, request.params, 'personal_sign params')
  if (!sameAddress(address, session.address)) throw new AccountMismatchError(address)
  return {
    description: await wallet.describeForApproval(request),
    perform: async (signal) => {
      if (signal.aborted) throw new RequestAbortedError()
      // personal_sign's hex is the message's bytes; anything else is its UTF-8 text.
      return session.signMessage(/^0x([0-9a-fA-F]{2})*$/.test(message) ? { raw: message as Hex } : message)
    },
  }
}

/**
 * eth_signTypedData_v4 by the smart account, as above. Delegations for the account's
 * DelegationManager are refused here: they are granted only through wallet_grantPermissions.
 */
export async function planSmartTypedData(
  { session, wallet }: SmartRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  const chain = evmChainOf(request)
  const [address, payload] = parseWith(
    signTypedDataV4ParamsSchema,
    request.params,
    'eth_signTypedData_v4 params',
  )
  if (!sameAddress(address, session.address)) throw new AccountMismatchError(address)
  const parsed = parseTypedData(payload, chain.chainId)
  refuseDelegationSigning(parsed, session.permissions?.delegationManager)
  return {
    description: await wallet.describeForApproval(request),
    perform: async (signal) => {
      if (signal.aborted) throw new RequestAbortedError()
      return session.signTypedData({
        domain: parsed.domain,
        types: parsed.types,
        primaryType: parsed.data.primaryType,
        message: parsed.data.message,
      } as unknown as TypedDataDefinition)
    },
  }
}
