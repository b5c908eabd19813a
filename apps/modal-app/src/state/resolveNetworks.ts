import { type CaipNetworkId, type InitOptions, NetworkNotFoundError } from '@modalkit/protocol'
import { DEFAULT_CHAIN, getNetwork, type Network } from '@modalkit/shared'

/** The networks a site configured (SPEC §1), in order; the default chain when none. */
export function resolveNetworks(options: InitOptions): Network[] {
  const ids = options.networks ?? [options.defaultNetwork ?? DEFAULT_CHAIN]
  return ids.map((id) => {
    const network = getNetwork(id)
    if (!network) throw new NetworkNotFoundError(`${id} is not a known network`)
    return network
  })
}

/** The network selected at start: the default network when it is configured, else the first. */
export function initialNetwork(options: InitOptions, networks: readonly Network[]): Network {
  const wanted = options.defaultNetwork
  if (wanted && !networks.some((n) => n.caipNetworkId === wanted)) {
    throw new NetworkNotFoundError(`defaultNetwork ${wanted} is not in networks`)
  }
  return networks.find((n) => n.caipNetworkId === wanted) ?? networks[0]!
}

/** SPEC §8 'Network Not Found': a network not in the networks array. */
export function findConfiguredNetwork(networks: readonly Network[], id: CaipNetworkId | string): Network {
  const network = networks.find((n) => n.caipNetworkId === id)
  if (!network) throw new NetworkNotFoundError(`${id} is not in the networks array`)
  return network
}
