import { invalidInput, UnsupportedMethodError } from '@modalkit/protocol'
import type { Address, Hex } from 'viem'
import { describeOperation } from '../../keys/describeOperation.ts'
import type { SmartAccountCall, SmartAccountSession } from '../../smartAccount/SmartAccountSession.ts'
import type { CallsStore } from '../../wallet/calls/createCallsStore.ts'
import type { EmbeddedWallet } from '../../wallet/createEmbeddedWallet.ts'
import { toRequestChain } from '../../wallet/toRequestChain.ts'
import type { WalletRequest } from '../../wallet/WalletRequest.ts'

/** What a smart account's request module works with. */
export type SmartRequestContext = {
  session: SmartAccountSession
  wallet: EmbeddedWallet
  /** The batches sent (EIP-5792 ids), shared with the EOA's. */
  store: CallsStore
  /** The site asking: a sponsored fee is shown as paid by it. */
  site: string
}

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The request's EVM chain; a smart account acts on EVM chains only. */
export function evmChainOf(request: WalletRequest): { caipNetworkId: string; chainId: bigint } {
  const chain = toRequestChain(request)
  if (chain.namespace !== 'eip155') throw new UnsupportedMethodError(request.method)
  return chain
}

/** One call of a user operation, from a transaction's or a batch call's fields. */
export function toCall(
  call: { to?: string | null | undefined; value?: string | undefined; data?: string | undefined },
  what: string,
): SmartAccountCall {
  // A user operation calls; it creates no contract (a factory call does that).
  if (!call.to) throw invalidInput(what, 'a smart account call needs a recipient (to)', ['to'])
  return {
    to: call.to as Address,
    ...(call.value === undefined ? {} : { value: BigInt(call.value) }),
    ...(call.data === undefined ? {} : { data: call.data as Hex }),
  }
}

/**
 * The account's own user operation for `calls`, filled before the approval (gas, fees, who pays),
 * and its description: every call, the network, and the fee.
 */
export async function prepareCalls(
  { session, site }: SmartRequestContext,
  request: WalletRequest,
  method: 'eth_sendTransaction' | 'wallet_sendCalls',
  calls: SmartAccountCall[],
) {
  const prepared = await session.prepare(calls)
  const description = describeOperation({
    method,
    caipNetworkId: evmChainOf(request).caipNetworkId,
    account: session.address,
    calls,
    site,
    ...prepared,
  })
  return { prepared, description }
}
