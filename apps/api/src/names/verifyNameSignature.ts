import { createPublicClient, http, verifyMessage } from 'viem'

/**
 * Whether `signature` signs `message` for the EVM `address` (EIP-191). With the chain's node it also
 * accepts a contract account's EIP-1271 (and a counterfactual one's EIP-6492) answer, as viem's
 * client `verifyMessage` asks the node; without a node only a plain account's signature can count.
 */
export async function verifyNameSignature({
  address,
  message,
  signature,
  rpcUrl,
}: {
  address: `0x${string}`
  message: string
  signature: `0x${string}`
  rpcUrl: string | undefined
}): Promise<boolean> {
  try {
    if (!rpcUrl) return await verifyMessage({ address, message, signature })
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1 }) })
    return await client.verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}
