import { NETWORKS, type Network } from './networks.ts'

const byCaipNetworkId: ReadonlyMap<string, Network> = new Map(
  NETWORKS.map((network) => [network.caipNetworkId, network]),
)

/**
 * The known network with this CAIP-2 id, or `undefined` (apps turn that into 'Network Not Found').
 *
 * @example
 * getNetwork('eip155:8453')?.name // 'Base'
 */
export function getNetwork(caipNetworkId: string): Network | undefined {
  return byCaipNetworkId.get(caipNetworkId)
}
