import {
  CALLS_VERSION,
  type CallsStatus,
  type CapabilitiesResult,
  getCallsStatusParamsSchema,
  getCapabilitiesParamsSchema,
  MissingCapabilitiesAddressError,
  PERMISSION_TYPES,
  POLICY_TYPES,
  parseWith,
  SIGNER_TYPES,
  UnknownBundleIdError,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { toQuantity } from 'ethers'
import type { Hex } from 'viem'
import { AccountMismatchError } from '../../keys/keyErrors.ts'
import { toRequestChain } from '../../wallet/toRequestChain.ts'
import type { WalletRequest } from '../../wallet/WalletRequest.ts'
import { type SmartRequestContext, sameAddress } from './SmartRequestContext.ts'

/** The EIP-5792 reads for a smart account: its capabilities, and a batch's status from its operation. */
export async function answerSmartAccountRead(
  { session, store }: Pick<SmartRequestContext, 'session' | 'store'>,
  request: WalletRequest,
  networks: readonly string[],
): Promise<unknown> {
  const chain = toRequestChain(request)
  if (chain.namespace !== 'eip155') throw new UnsupportedMethodError(request.method)
  if (request.method === 'wallet_getCapabilities') {
    const address = Array.isArray(request.params) ? request.params[0] : undefined
    if (address === undefined || address === null || address === '')
      throw new MissingCapabilitiesAddressError()
    const [requested, chainIds] = parseWith(
      getCapabilitiesParamsSchema,
      request.params,
      'wallet_getCapabilities params',
    )
    if (!sameAddress(requested, session.address)) throw new AccountMismatchError(requested)
    const answer: CapabilitiesResult = {}
    for (const id of chainIds ?? [toQuantity(chain.chainId)]) {
      const enabled = networks.includes(`eip155:${BigInt(id)}`)
      answer[toQuantity(BigInt(id))] = enabled
        ? {
            atomic: { status: 'supported' },
            paymasterService: { supported: session.sponsored },
            ...(session.permissions
              ? {
                  permissions: {
                    supported: true,
                    signerTypes: [...SIGNER_TYPES],
                    permissionTypes: [...PERMISSION_TYPES],
                    policyTypes: [...POLICY_TYPES],
                  },
                }
              : {}),
          }
        : { atomic: { status: 'unsupported' } }
    }
    return answer
  }
  if (request.method === 'wallet_getCallsStatus') {
    const [id] = parseWith(getCallsStatusParamsSchema, request.params, 'wallet_getCallsStatus params')
    const batch = store.get(id)
    if (!batch?.userOperation || !sameAddress(batch.from, session.address)) throw new UnknownBundleIdError()
    const status = await session.status(batch.userOperation as Hex)
    const reply: CallsStatus = {
      version: CALLS_VERSION,
      id,
      chainId: batch.chainId,
      status: 100,
      atomic: true,
    }
    if (status.status === 'pending') return reply
    return {
      ...reply,
      status: status.status === 'success' ? 200 : 500,
      receipts: [
        {
          logs: status.logs,
          status: status.status === 'success' ? '0x1' : '0x0',
          blockHash: status.blockHash,
          blockNumber: toQuantity(status.blockNumber),
          gasUsed: toQuantity(status.gasUsed),
          transactionHash: status.transactionHash,
        },
      ],
    }
  }
  throw new UnsupportedMethodError(request.method)
}
