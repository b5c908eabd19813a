import {
  DisconnectChainsFailedError,
  DisconnectFailedError,
  NAMESPACES,
  type Namespace,
} from '@modalkit/protocol'
import type { Connector } from '../connectors/Connector.ts'

export type DisconnectConnectorsReturnType = {
  /** Namespaces whose wallets were disconnected (or had none). */
  disconnected: Namespace[]
  /** Set when a wallet failed to disconnect: its namespaces are not in `disconnected`. */
  error: DisconnectFailedError | DisconnectChainsFailedError | undefined
}

/**
 * Disconnects every connector connected in `namespace` (all namespaces when undefined), each on its
 * own: one wallet that fails does not keep the others connected. The error of any that failed is
 * SPEC §8 'Failed to disconnect' for one namespace, 'Failed to disconnect chains: …' naming them when
 * several were asked.
 */
export async function disconnectConnectors(
  connectors: readonly Pick<Connector, 'isConnected' | 'disconnect'>[],
  namespace: Namespace | undefined,
): Promise<DisconnectConnectorsReturnType> {
  const asked = namespace === undefined ? NAMESPACES : [namespace]
  const ending = connectors
    .filter((connector) => connector.isConnected(namespace))
    .map((connector) => ({
      connector,
      namespaces: asked.filter((ns) => connector.isConnected(ns)),
    }))
  const results = await Promise.allSettled(ending.map(({ connector }) => connector.disconnect()))
  const failed = new Set<Namespace>()
  results.forEach((result, index) => {
    if (result.status === 'rejected') for (const ns of ending[index]!.namespaces) failed.add(ns)
  })
  const disconnected = asked.filter((ns) => !failed.has(ns))
  if (failed.size === 0) return { disconnected, error: undefined }
  const cause = results.find((r) => r.status === 'rejected')?.reason
  const error =
    namespace === undefined
      ? new DisconnectChainsFailedError([...failed])
      : new DisconnectFailedError(`namespace: ${namespace}`, cause)
  return { disconnected, error }
}
