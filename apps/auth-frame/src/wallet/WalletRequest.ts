import type { Namespace } from '@modalkit/protocol'

/**
 * An unsafe request for the wallet to sign, as the modal's RPC request carries it (SPEC §7: method,
 * params, chainId, chainNamespace). `chainId` is the active chain: a number, `0x` hex or decimal
 * string, or a CAIP-2 id (`eip155:1`, `solana:<genesis ref>`).
 */
export type WalletRequest = {
  method: string
  params?: unknown
  chainId: number | string
  chainNamespace: Namespace
}

/**
 * The caller's chain RPC (the API's chain proxy): `chainId` is CAIP-2 (`eip155:31337`,
 * `solana:<genesis ref>`); resolves with the JSON-RPC result, rejects with the node's error.
 */
export type WalletRpc = (chainId: string, method: string, params: unknown[]) => Promise<unknown>
