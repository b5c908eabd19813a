import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  keccak256,
  type LocalAccount,
  numberToHex,
  pad,
} from 'viem'

/**
 * The API's side of the reference VerifyingPaymaster (`@account-abstraction/contracts@0.7.0`): it
 * pays a user operation's gas when `paymasterData` is `abi.encode(validUntil, validAfter)` followed by
 * the paymaster signer's signature over `getHash(op, validUntil, validAfter)` (as an Ethereum signed
 * message). The answers have ERC-7677's shape (pm_getPaymasterStubData / pm_getPaymasterData).
 */
export type UserOperationV07 = {
  sender: Address
  nonce: bigint
  factory?: Address | undefined
  factoryData?: Hex | undefined
  callData: Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymasterVerificationGasLimit?: bigint | undefined
  paymasterPostOpGasLimit?: bigint | undefined
}

export type PaymasterFields = {
  paymaster: Address
  paymasterData: Hex
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/** Enough for the paymaster's ECDSA check, with room; the bundler's estimate replaces it. */
export const PAYMASTER_VERIFICATION_GAS = 60_000n
/** The VerifyingPaymaster returns an empty context: the EntryPoint never calls postOp. */
const POST_OP_GAS = 0n
/**
 * How long a sponsorship signature stays valid: long enough for the user to read the approval and
 * sign, short enough that a signature kept back cannot be spent later on.
 */
export const SPONSORSHIP_SECONDS = 5 * 60
/**
 * For the bundler's gas estimate: a real signature (private key 1 over the zero hash), so the
 * paymaster's ECDSA.recover runs its whole path (a malformed one reverts) and just fails the match.
 */
export const STUB_SIGNATURE: Hex =
  '0xa0b37f8fba683cc68f6574cd43b39f0343a50008bf6ccea9d13231d9e7e2e1e411edc8d307254296264aebfc3dc76cd8b668373a072fd64665b50000e9fcce521c'

const validity = (validUntil: number, validAfter: number) =>
  encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter])

export function paymasterStubData(paymaster: Address): PaymasterFields {
  return {
    paymaster,
    paymasterData: concat([validity(0, 0), STUB_SIGNATURE]),
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
    paymasterPostOpGasLimit: POST_OP_GAS,
  }
}

/** The VerifyingPaymaster's `getHash`, computed here: the same words in the same order. */
export function verifyingPaymasterHash(
  op: UserOperationV07,
  {
    paymaster,
    chainId,
    validUntil,
    validAfter,
    verificationGas,
    postOpGas,
  }: {
    paymaster: Address
    chainId: number
    validUntil: number
    validAfter: number
    verificationGas: bigint
    postOpGas: bigint
  },
): Hex {
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  const pair = (high: bigint, low: bigint) =>
    concat([pad(numberToHex(high), { size: 16 }), pad(numberToHex(low), { size: 16 })])
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        pair(op.verificationGasLimit, op.callGasLimit),
        BigInt(pair(verificationGas, postOpGas)),
        op.preVerificationGas,
        pair(op.maxPriorityFeePerGas, op.maxFeePerGas),
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  )
}

/** Signs the sponsorship of `op` (its gas limits final) for `SPONSORSHIP_SECONDS` from `nowMs`. */
export async function paymasterData(
  op: UserOperationV07,
  {
    paymaster,
    signer,
    chainId,
    nowMs,
  }: { paymaster: Address; signer: LocalAccount; chainId: number; nowMs: number },
): Promise<PaymasterFields> {
  const validAfter = 0
  const validUntil = Math.floor(nowMs / 1000) + SPONSORSHIP_SECONDS
  const verificationGas = op.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS
  const postOpGas = op.paymasterPostOpGasLimit ?? POST_OP_GAS
  const hash = verifyingPaymasterHash(op, {
    paymaster,
    chainId,
    validUntil,
    validAfter,
    verificationGas,
    postOpGas,
  })
  const signature = await signer.signMessage({ message: { raw: hash } })
  return {
    paymaster,
    paymasterData: concat([validity(validUntil, validAfter), signature]),
    paymasterVerificationGasLimit: verificationGas,
    paymasterPostOpGasLimit: postOpGas,
  }
}
