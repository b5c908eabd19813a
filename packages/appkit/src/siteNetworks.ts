// The network objects the site passed to `createAppKit({ networks })`, kept for their RPC URLs: the
// modal mirrors a network without them (it reads chains through the API's RPC proxy), and the site's
// own clients (the Solana adapter's `useAppKitConnection`) use the site's URLs, as AppKit's do.

const rpcUrls = new Map<string, string>()

const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined

/** A network object's CAIP-2 id: its `caipNetworkId`, or `eip155:<id>` for a viem chain. */
function caipNetworkIdOf(network: unknown): string | undefined {
  const caipNetworkId = field(network, 'caipNetworkId')
  if (typeof caipNetworkId === 'string') return caipNetworkId
  const id = field(network, 'id')
  return typeof id === 'number' && field(network, 'chainNamespace') === undefined ? `eip155:${id}` : undefined
}

/** Keeps the first `rpcUrls.default.http` URL of each network object in `networks`, by CAIP-2 id. */
export function rememberSiteNetworks(networks: readonly unknown[] | undefined): void {
  for (const network of networks ?? []) {
    const id = caipNetworkIdOf(network)
    const http = field(field(field(network, 'rpcUrls'), 'default'), 'http')
    const [url] = Array.isArray(http) ? http : []
    if (id && typeof url === 'string') rpcUrls.set(id, url)
  }
}

/** The RPC URL the site gave the network with this CAIP-2 id, if it gave one. */
export function siteRpcUrl(caipNetworkId: string): string | undefined {
  return rpcUrls.get(caipNetworkId)
}
