import { parseTypedData } from './parseTypedData.ts'
import { signEvmDigest } from './signEvmDigest.ts'

/**
 * The EIP-712 signature of eth_signTypedData_v4's payload (JSON string or object), checked by
 * `parseTypedData` first, the domain bound to `activeChainId`. Returns the 65-byte signature as 0x-hex.
 */
export function signTypedDataV4(seed: Uint8Array, typedData: unknown, activeChainId: bigint): string {
  const { digest } = parseTypedData(typedData, activeChainId)
  return signEvmDigest(seed, digest).signature.serialized
}
