import {
  CALLS_VERSION,
  type CallsStatus,
  type CapabilitiesResult,
  ChainNotSupportedError,
  DuplicateCallsIdError,
  getCallsStatusParamsSchema,
  getCapabilitiesParamsSchema,
  invalidInput,
  MissingCapabilitiesAddressError,
  PERMISSION_TYPES,
  POLICY_TYPES,
  parseWith,
  personalSignParamsSchema,
  RequestAbortedError,
  SIGNER_TYPES,
  sendCallsParamsSchema,
  sendTransactionParamsSchema,
  sendUserOperationParamsSchema,
  signTypedDataV4ParamsSchema,
  UnknownBundleIdError,
  UnsupportedMethodError,
} from '@modalkit/protocol'
import { toQuantity } from 'ethers'
import type { Address, Hex, TypedDataDefinition } from 'viem'
import { describeOperation } from '../keys/describeOperation.ts'
import { AccountMismatchError } from '../keys/keyErrors.ts'
import { parseTypedData } from '../keys/parseTypedData.ts'
import { checkOperationFees } from '../smartAccount/checkOperationFees.ts'
import type { SmartAccountCall, SmartAccountSession } from '../smartAccount/createSmartAccount.ts'
import { refuseDelegationSigning } from '../smartAccount/refuseAccountSignatures.ts'
import { waitForOperation } from '../smartAccount/waitForOperation.ts'
import { checkCapabilities } from '../wallet/calls/checkCapabilities.ts'
import type { CallsStore } from '../wallet/calls/createCallsStore.ts'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'
import { toRequestChain } from '../wallet/toRequestChain.ts'
import type { WalletRequest } from '../wallet/WalletRequest.ts'
import { planPermissionRequest } from './planPermissionRequest.ts'
import type { RequestPlan } from './planWalletRequest.ts'

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

const toCall = (
  call: { to?: string | null | undefined; value?: string | undefined; data?: string | undefined },
  what: string,
): SmartAccountCall => {
  // A user operation calls; it creates no contract (a factory call does that).
  if (!call.to) throw invalidInput(what, 'a smart account call needs a recipient (to)', ['to'])
  return {
    to: call.to as Address,
    ...(call.value === undefined ? {} : { value: BigInt(call.value) }),
    ...(call.data === undefined ? {} : { data: call.data as Hex }),
  }
}

export type SmartRequestContext = {
  session: SmartAccountSession
  wallet: EmbeddedWallet
  /** The batches sent (EIP-5792 ids), shared with the EOA's. */
  store: CallsStore
  /** The site asking: a sponsored fee is shown as paid by it. */
  site: string
}

/**
 * Issue 10: an unsafe request for the embedded wallet's smart account. Sends become one user
 * operation, filled before the approval (so the screen shows its calls, network and who pays the
 * fee) and signed as filled once approved; a site's own operation (eth_sendUserOperation) is shown
 * and signed the same way; messages and typed data are signed by the account
 * (ERC-1271 / ERC-7739, wrapped in ERC-6492 until it is deployed) after the same approval as an EOA's.
 */
export async function planSmartAccountRequest(
  { session, wallet, store, site }: SmartRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  const chain = toRequestChain(request)
  if (chain.namespace !== 'eip155') throw new UnsupportedMethodError(request.method)
  const describe = async (method: 'eth_sendTransaction' | 'wallet_sendCalls', calls: SmartAccountCall[]) => {
    const prepared = await session.prepare(calls)
    const description = describeOperation({
      method,
      caipNetworkId: chain.caipNetworkId,
      account: session.address,
      calls,
      site,
      ...prepared,
    })
    return { prepared, description }
  }

  switch (request.method) {
    case 'eth_sendTransaction': {
      const [tx] = parseWith(sendTransactionParamsSchema, request.params, 'eth_sendTransaction params')
      if (tx.from !== undefined && !sameAddress(tx.from, session.address))
        throw new AccountMismatchError(tx.from)
      if (tx.chainId !== undefined && BigInt(tx.chainId) !== chain.chainId)
        throw new ChainNotSupportedError(tx.chainId)
      const call = toCall(
        { to: tx.to, value: tx.value, data: tx.data ?? tx.input },
        'eth_sendTransaction params',
      )
      const { prepared, description } = await describe('eth_sendTransaction', [call])
      return {
        description,
        async perform(signal) {
          if (signal.aborted) throw new RequestAbortedError()
          const hash = await session.send(prepared)
          // A site waits for a transaction: the bundle's hash, once the operation is in a block.
          return (await waitForOperation(session, hash, signal)).transactionHash
        },
      }
    }
    case 'wallet_sendCalls': {
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
      const { prepared, description } = await describe('wallet_sendCalls', calls)
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
    case 'eth_sendUserOperation': {
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
      // The site's own fees are checked as a site's transaction fees are.
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
        // ERC-4337: the operation's hash; the site follows it with eth_getUserOperationReceipt.
        perform: async (signal) => {
          if (signal.aborted) throw new RequestAbortedError()
          return session.send(prepared)
        },
      }
    }
    case 'personal_sign': {
      const [message, address] = parseWith(personalSignParamsSchema, request.params, 'personal_sign params')
      if (!sameAddress(address, session.address)) throw new AccountMismatchError(address)
      const description = await wallet.describeForApproval(request)
      return {
        description,
        perform: async (signal) => {
          if (signal.aborted) throw new RequestAbortedError()
          // personal_sign's hex is the message's bytes; anything else is its UTF-8 text.
          return session.signMessage(
            /^0x([0-9a-fA-F]{2})*$/.test(message) ? { raw: message as Hex } : message,
          )
        },
      }
    }
    case 'eth_signTypedData_v4': {
      const [address, payload] = parseWith(
        signTypedDataV4ParamsSchema,
        request.params,
        'eth_signTypedData_v4 params',
      )
      if (!sameAddress(address, session.address)) throw new AccountMismatchError(address)
      const parsed = parseTypedData(payload, chain.chainId)
      refuseDelegationSigning(parsed, session.permissions?.delegationManager)
      const description = await wallet.describeForApproval(request)
      return {
        description,
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
    case 'wallet_grantPermissions':
    case 'wallet_revokePermissions':
      return planPermissionRequest({ session, site }, request, chain)
    default:
      throw new UnsupportedMethodError(request.method)
  }
}

/** ERC-7677's capability is this account's own: the project's paymaster, when it sponsors. */
function withoutPaymaster(capabilities: Record<string, unknown> | undefined) {
  if (!capabilities) return capabilities
  const { paymasterService: _, ...rest } = capabilities
  return rest
}

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
