import type { RpcRequest } from '@modalkit/protocol'
import { toHexChainId } from '@modalkit/shared'
import { loadOnce } from '../chunks/loadLater.ts'
import { activeConnector } from '../connectors/registry.ts'
import { afterNextPaint } from './afterNextPaint.ts'
import { accountsAtom, networksAtom, openAtom } from './atoms.ts'
import type { RpcHandlerDeps } from './createRpcHandler.ts'
import { isConnectedAtom, selectedNetworkAtom } from './derivedAtoms.ts'
import { networkFor } from './networkFor.ts'
import { type RequestState, requestedChainId } from './requestState.ts'

/**
 * The host's EIP-1193 requests. Their handler (createRpcHandler.ts) is a chunk of its own (the
 * size budget in docs/benchmarks.md: not among the bytes before the first click); what a request
 * reads of the state is read here, at
 * once (RequestState), and the two answers a page asks for most, the chain id and the accounts, need
 * no chunk. The first request loads it; so does the modal being shown or an account connecting,
 * after the frame that shows it, since a site's requests follow those. A chunk that cannot be loaded
 * rejects the request that waited for it (loadOnce's retryable error); the next one tries again.
 */
export function lazyRpcHandler(deps: RpcHandlerDeps): (request: RpcRequest) => Promise<unknown> {
  const handler = loadOnce(() =>
    import('./createRpcHandler.ts').then(({ createRpcHandler }) => createRpcHandler(deps)),
  )
  const { store } = deps
  const warm = () => {
    if (store.get(openAtom) || store.get(isConnectedAtom))
      afterNextPaint(() => void handler.get().catch(() => undefined))
  }
  store.sub(openAtom, warm)
  store.sub(isConnectedAtom, warm)
  return async (request) => {
    const { namespace, method } = request
    deps.assertAllowed()
    const accounts = store.get(accountsAtom)
    // Both are safe methods (SPEC §6), answered from the state the modal holds.
    if (namespace === 'eip155' && method === 'eth_chainId') {
      const selected = store.get(selectedNetworkAtom)
      if (selected?.chainNamespace === 'eip155' && typeof selected.id === 'number')
        return toHexChainId(selected.id)
    }
    if (namespace === 'eip155' && method === 'eth_accounts') {
      const account = accounts.find((a) => a.namespace === 'eip155')
      return account?.status === 'connected' && account.address ? [account.address] : []
    }
    const networks = store.get(networksAtom)
    // A switch to a configured chain starts now, before any the page asks for after it; one to another
    // chain is EIP-3326's 4902, from the handler.
    if (namespace === 'eip155' && method === 'wallet_switchEthereumChain') {
      const { id } = requestedChainId(request.params)
      const target = networks.find((n) => n.chainNamespace === 'eip155' && n.id === id)
      if (target) return deps.switchNetwork(target.caipNetworkId).then(() => null)
    }
    const state: RequestState = {
      networks,
      network: networkFor(store, namespace),
      accounts,
      connector: activeConnector(deps.connectors, store, namespace),
    }
    return (await handler.get())(request, state)
  }
}
