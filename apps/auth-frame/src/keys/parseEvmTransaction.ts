import {
  type EvmTransactionRequest,
  evmTransactionRequestSchema,
  invalidInput,
  parseWith,
} from '@modalkit/protocol'
import { getAddress, Transaction } from 'ethers'
import { ChainMismatchError } from './keyErrors.ts'

const WHAT = 'transaction'

/**
 * An eth_sendTransaction object, complete (nonce, gas and fees filled by the caller), as the unsigned
 * ethers Transaction whose bytes get signed. Refused with a ValidationError: a bad address checksum,
 * `data` and `input` that differ, missing nonce/gas/fees, fee fields that do not fit the type.
 * A `chainId` other than the active chain is a ChainMismatchError. `from` is returned for the caller
 * to compare with the signer.
 */
export function parseEvmTransaction(
  input: unknown,
  chainId: bigint,
): { request: EvmTransactionRequest; tx: Transaction } {
  const request = parseWith(evmTransactionRequestSchema, input, WHAT)
  if (request.chainId !== undefined && BigInt(request.chainId) !== chainId) {
    throw new ChainMismatchError(BigInt(request.chainId), chainId)
  }
  if (request.data !== undefined && request.input !== undefined && request.data !== request.input) {
    throw invalidInput(WHAT, 'data and input differ', ['data'])
  }
  if (request.nonce === undefined) throw invalidInput(WHAT, 'nonce missing', ['nonce'])
  if (request.gas === undefined) throw invalidInput(WHAT, 'gas missing', ['gas'])
  const nonce = BigInt(request.nonce)
  if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidInput(WHAT, 'nonce too large', ['nonce'])

  const legacyFee = request.gasPrice !== undefined
  const eip1559Fee = request.maxFeePerGas !== undefined && request.maxPriorityFeePerGas !== undefined
  const type = request.type === undefined ? (legacyFee ? 0 : 2) : Number(request.type)
  if (
    type === 2 ? !eip1559Fee || legacyFee : !legacyFee || request.maxFeePerGas || request.maxPriorityFeePerGas
  ) {
    throw invalidInput(WHAT, `fee fields do not fit type ${type}`, ['type'])
  }
  if (type === 0 && request.accessList)
    throw invalidInput(WHAT, 'access list on a legacy transaction', ['accessList'])

  let to: string | null = null
  try {
    if (request.to) to = getAddress(request.to)
    if (request.from) getAddress(request.from)
  } catch {
    throw invalidInput(WHAT, 'bad address checksum', ['to'])
  }

  const tx = Transaction.from({
    type,
    chainId,
    nonce: Number(nonce),
    gasLimit: BigInt(request.gas),
    to,
    value: BigInt(request.value ?? '0x0'),
    data: request.data ?? request.input ?? '0x',
    ...(type === 2
      ? {
          maxFeePerGas: BigInt(request.maxFeePerGas!),
          maxPriorityFeePerGas: BigInt(request.maxPriorityFeePerGas!),
        }
      : { gasPrice: BigInt(request.gasPrice!) }),
    ...(request.accessList ? { accessList: request.accessList } : {}),
  })
  return { request, tx }
}
