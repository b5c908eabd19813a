import type { RpcUserOperation } from '@modalkit/protocol'
import { type Address, type Hex, hexToBigInt, numberToHex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { paymasterStubData, STUB_SIGNATURE, type UserOperationV07 } from './verifyingPaymaster.ts'

/**
 * The most gas the paymaster signs for, field by field. EntryPoint v0.7 charges the paymaster for the
 * gas used at the operation's price and a tenth of the unused execution gas, so each cap bounds what one
 * operation can cost the project:
 * - call: an embedded wallet's own calls (transfers, approvals, a swap) use a few hundred thousand;
 * - verification: deploying Solady's account (the first operation) and its ECDSA check use ~300 000;
 * - paymaster verification: the VerifyingPaymaster's ECDSA check uses ~40 000;
 * - paymaster postOp: the VerifyingPaymaster has none (empty context); the bundler may still set some.
 */
export const SPONSORED_GAS_CAPS = {
  callGasLimit: 2_000_000n,
  verificationGasLimit: 1_000_000n,
  paymasterVerificationGasLimit: 150_000n,
  paymasterPostOpGasLimit: 50_000n,
} as const
/** preVerificationGas may exceed the bundler's own estimate by this much (in percent), no more. */
export const PRE_VERIFICATION_GAS_SLACK_PERCENT = 20n
/**
 * maxFeePerGas may be at most this multiple of the network's base fee plus its priority fee: room for
 * the base fee rising while the operation waits, not for a price that pays a bundler the deposit.
 */
export const MAX_FEE_MULTIPLE = 3n

export type NetworkFees = {
  /** The latest block's base fee; undefined on a chain without EIP-1559. */
  baseFee: bigint | undefined
  /** The node's priority fee (eth_maxPriorityFeePerGas), or its gas price without EIP-1559. */
  tip: bigint
}

/** The signed maximum cost of `op` in wei: every gas limit and preVerificationGas at maxFeePerGas. */
export function maxOperationCost(op: UserOperationV07): bigint {
  const gas =
    op.callGasLimit +
    op.verificationGasLimit +
    op.preVerificationGas +
    (op.paymasterVerificationGasLimit ?? 0n) +
    (op.paymasterPostOpGasLimit ?? 0n)
  return gas * op.maxFeePerGas
}

/**
 * Why the paymaster refuses to sign `op` (its gas and fee fields final), or undefined: a gas limit past
 * its cap, preVerificationGas more than PRE_VERIFICATION_GAS_SLACK_PERCENT over the bundler's
 * estimate, a legacy price (maxFeePerGas == maxPriorityFeePerGas: the EntryPoint then takes the whole
 * fee, with no base fee to bound it) on an EIP-1559 chain, or a fee cap past MAX_FEE_MULTIPLE × the
 * network's.
 */
export function refuseSponsoredGas(
  op: UserOperationV07,
  { fees, preVerificationGasEstimate }: { fees: NetworkFees; preVerificationGasEstimate: bigint },
): string | undefined {
  for (const [field, cap] of Object.entries(SPONSORED_GAS_CAPS)) {
    const value = op[field as keyof typeof SPONSORED_GAS_CAPS] ?? 0n
    if (value > cap) return `${field} is over the sponsored cap of ${cap}`
  }
  const pvgCap = (preVerificationGasEstimate * (100n + PRE_VERIFICATION_GAS_SLACK_PERCENT)) / 100n
  if (op.preVerificationGas > pvgCap)
    return `preVerificationGas is over ${PRE_VERIFICATION_GAS_SLACK_PERCENT}% above the bundler’s estimate`
  if (op.maxPriorityFeePerGas > op.maxFeePerGas) return 'maxPriorityFeePerGas is over maxFeePerGas'
  if (fees.baseFee !== undefined && op.maxFeePerGas === op.maxPriorityFeePerGas)
    return 'a legacy price (maxFeePerGas equal to maxPriorityFeePerGas) is not sponsored'
  const feeCap = MAX_FEE_MULTIPLE * ((fees.baseFee ?? 0n) + fees.tip)
  if (op.maxFeePerGas > feeCap) return `maxFeePerGas is over ${MAX_FEE_MULTIPLE}× the network’s fee`
  return undefined
}

async function callJsonRpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(15_000),
  })
  const body = (await res.json().catch(() => undefined)) as
    | { result?: T; error?: { message?: string } }
    | undefined
  if (!res.ok || !body || body.error || body.result === undefined)
    throw new Error(`${method}: ${body?.error?.message ?? `HTTP ${res.status}`}`)
  return body.result
}

/** The network's fees now, from its node. */
export async function readNetworkFees(rpcUrl: string): Promise<NetworkFees> {
  const block = await callJsonRpc<{ baseFeePerGas?: Hex | null }>(rpcUrl, 'eth_getBlockByNumber', [
    'latest',
    false,
  ])
  if (!block.baseFeePerGas) {
    return { baseFee: undefined, tip: hexToBigInt(await callJsonRpc<Hex>(rpcUrl, 'eth_gasPrice', [])) }
  }
  const tip = hexToBigInt(await callJsonRpc<Hex>(rpcUrl, 'eth_maxPriorityFeePerGas', []))
  return { baseFee: hexToBigInt(block.baseFeePerGas), tip }
}

/**
 * The bundler's own preVerificationGas for `op` as sent (its calldata decides it), estimated with the
 * paymaster's stub data and a stub account signature of the real lengths.
 */
export async function estimatePreVerificationGas(
  bundlerUrl: string,
  op: RpcUserOperation,
  paymaster: Address,
): Promise<bigint> {
  const stub = paymasterStubData(paymaster)
  const { factory, factoryData, ...rest } = op
  const request = {
    ...rest,
    ...(factory ? { factory, factoryData: factoryData ?? '0x' } : {}),
    paymaster,
    paymasterData: stub.paymasterData,
    paymasterVerificationGasLimit:
      op.paymasterVerificationGasLimit ?? numberToHex(stub.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? numberToHex(stub.paymasterPostOpGasLimit),
    signature: STUB_SIGNATURE,
  }
  const estimate = await callJsonRpc<{ preVerificationGas: Hex }>(
    bundlerUrl,
    'eth_estimateUserOperationGas',
    [request, entryPoint07Address],
  )
  return hexToBigInt(estimate.preVerificationGas)
}
