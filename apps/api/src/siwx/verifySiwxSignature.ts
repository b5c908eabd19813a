import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58 } from '@modalkit/shared'
import { createPublicClient, http, isAddress } from 'viem'

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo: node:crypto takes a raw Solana key after it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/**
 * Whether `signature` signs `message` for `address`.
 * - eip155: viem's `verifyMessage` on the chain's node (the API's RPC upstream), which covers EOAs
 *   (EIP-191), deployed contract accounts (EIP-1271) and counterfactual ones (EIP-6492).
 * - solana: Ed25519 over the message bytes, with the address as the public key.
 */
export async function verifySiwxSignature({
  namespace,
  address,
  message,
  signature,
  rpcUrl,
}: {
  namespace: string
  address: string
  message: string
  signature: string
  rpcUrl: string | undefined
}): Promise<boolean> {
  if (namespace === 'eip155') {
    if (!rpcUrl || !isAddress(address, { strict: false }) || !signature.startsWith('0x')) return false
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) })
    try {
      return await client.verifyMessage({ address, message, signature: signature as `0x${string}` })
    } catch {
      return false
    }
  }
  if (namespace === 'solana') {
    try {
      const key = decodeBase58(address)
      const bytes = decodeBase58(signature)
      if (key?.length !== 32 || bytes?.length !== 64) return false
      const publicKey = createPublicKey({
        key: Buffer.concat([ED25519_SPKI_PREFIX, key]),
        format: 'der',
        type: 'spki',
      })
      return verify(null, new TextEncoder().encode(message), publicKey, bytes)
    } catch {
      return false
    }
  }
  return false
}
