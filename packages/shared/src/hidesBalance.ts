/** The networks of the local stack (two Anvil nodes, the local Solana cluster; networks.ts). */
const LOCAL_NETWORK_IDS: readonly string[] = [
  'eip155:31337',
  'eip155:31338',
  'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
]

/**
 * SPEC §9: the native balance reads '0.00' on testnets. A public testnet's coins are worth nothing
 * and come from a faucet; the local chains are marked testnets too (no real money), but they are
 * this deployment's own chains and the balance their node holds is what its user has: shown.
 */
export function hidesBalance(
  network: { caipNetworkId: string; testnet?: boolean | undefined } | undefined,
): boolean {
  return network?.testnet === true && !LOCAL_NETWORK_IDS.includes(network.caipNetworkId)
}
