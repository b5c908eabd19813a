/**
 * The CAIP-2 id of a network as Reown AppKit's sites give one: the id itself, an AppKit network
 * object (its `caipNetworkId`), or a viem `defineChain` chain (an EVM chain id); else `undefined`.
 * @example caipNetworkIdOf({ id: 137, name: 'Polygon' }) // 'eip155:137'
 */
export function caipNetworkIdOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value !== 'object' || value === null) return undefined
  const { caipNetworkId, id, chainNamespace } = value as Record<string, unknown>
  if (typeof caipNetworkId === 'string') return caipNetworkId
  if (typeof id === 'number' && chainNamespace === undefined) return `eip155:${id}`
  return undefined
}
