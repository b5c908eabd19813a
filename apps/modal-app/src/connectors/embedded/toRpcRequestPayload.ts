import type { FrameRequestPayload } from '@modalkit/protocol'
import type { Network } from '@modalkit/shared'

/**
 * The RPC_REQUEST payload for the secure frame (SPEC §7). It carries the network's name as the site
 * configured it: the frame names known chains from its own table and shows this name, marked as the
 * site's, only for the others.
 */
export function toRpcRequestPayload(
  method: string,
  params: unknown,
  network: Network,
  rpcUrl: string | undefined,
): FrameRequestPayload<'RPC_REQUEST'> {
  const name = network.name.slice(0, 64)
  return {
    method,
    ...(params === undefined ? {} : { params }),
    chainId: network.id,
    chainNamespace: network.chainNamespace,
    ...(rpcUrl === undefined ? {} : { rpcUrl }),
    ...(name ? { networkName: name } : {}),
  }
}
