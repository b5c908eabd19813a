import {
  invalidInput,
  MAX_SIGN_PAYLOAD_CHARS,
  parseWith,
  ReservedSigningRefusedError,
  SECURE_FRAME_DOMAIN_NAME,
  type TypedData,
  typedDataSchema,
} from '@modalkit/protocol'
import { type TypedDataDomain, TypedDataEncoder, type TypedDataField } from 'ethers'
import { ChainMismatchError } from './keyErrors.ts'

export type ParsedTypedData = {
  data: TypedData
  domain: TypedDataDomain
  /** The types reachable from primaryType, without EIP712Domain: what is hashed. */
  types: Record<string, TypedDataField[]>
  /** The EIP-712 digest that gets signed. */
  digest: string
}

const WHAT = 'typed data'

/** The struct names a type string refers to (`Person[2][]` → `Person`). */
const baseType = (type: string) => type.replace(/(\[\d*\])+$/, '')

/**
 * Parses eth_signTypedData_v4's payload (the JSON string, or the object) and computes its digest.
 * Beyond the schema it enforces what keeps "what is shown" and "what is signed" the same:
 * - the domain's chainId, when present, is the active chain (ChainMismatchError otherwise; an absent
 *   chainId is allowed, as in MetaMask, since the domain then binds to no chain);
 * - EIP712Domain, when given, lists exactly the domain's fields (other wallets hash by that list);
 * - only types reachable from primaryType are hashed, and primaryType is really the root: ethers
 *   picks the root by itself and would otherwise sign a different struct than the one shown.
 */
export function parseTypedData(input: unknown, activeChainId: bigint): ParsedTypedData {
  let raw = input
  if (typeof input === 'string') {
    if (input.length > MAX_SIGN_PAYLOAD_CHARS) throw invalidInput(WHAT, 'too long')
    try {
      raw = JSON.parse(input)
    } catch {
      throw invalidInput(WHAT, 'not JSON')
    }
  }
  const data = parseWith(typedDataSchema, raw, WHAT)
  // Whatever else it holds, typed data under the frame's own domain is the frame's alone to sign.
  if (data.domain.name === SECURE_FRAME_DOMAIN_NAME) throw new ReservedSigningRefusedError()

  const domain: TypedDataDomain = {}
  const { chainId, ...rest } = data.domain
  Object.assign(domain, rest)
  if (chainId !== undefined) {
    const requested = BigInt(chainId)
    if (requested !== activeChainId) throw new ChainMismatchError(requested, activeChainId)
    domain.chainId = requested
  }

  const declared = data.types.EIP712Domain
  if (declared) {
    const listed = declared.map((field) => field.name).sort()
    const present = Object.keys(data.domain).sort()
    if (listed.join() !== present.join())
      throw invalidInput(WHAT, 'EIP712Domain does not match the domain', ['domain'])
  }

  const types: Record<string, TypedDataField[]> = {}
  const queue = [data.primaryType]
  while (queue.length > 0) {
    const name = queue.pop()!
    const fields = data.types[name]
    if (!fields || name in types) continue
    if (name === 'EIP712Domain') throw invalidInput(WHAT, 'EIP712Domain used as a struct', ['types'])
    types[name] = fields
    for (const field of fields) queue.push(baseType(field.type))
  }
  if (!types[data.primaryType])
    throw invalidInput(WHAT, 'primaryType is not among the types', ['primaryType'])

  try {
    const encoder = TypedDataEncoder.from(types)
    if (encoder.primaryType !== data.primaryType) throw new Error('primaryType is not the root type')
    const digest = TypedDataEncoder.hash(domain, types, data.message)
    return { data, domain, types, digest }
  } catch (error) {
    throw invalidInput(WHAT, error instanceof Error ? error.message.slice(0, 200) : 'cannot be encoded')
  }
}
