import type { RpcRequest } from '@modalkit/protocol'
import { loadOnce } from '../chunks/loadLater.ts'
import { afterNextPaint } from './afterNextPaint.ts'
import { openAtom } from './atoms.ts'
import type { RpcHandlerDeps } from './createRpcHandler.ts'
import { isConnectedAtom } from './derivedAtoms.ts'

/**
 * The host's EIP-1193 requests' handler (createRpcHandler.ts), in a chunk of its own (issue 11: not
 * among the bytes before the first click). The first request loads it; so does the modal being shown
 * or an account connecting, after the frame that shows it, since a site's requests follow those.
 * A chunk that cannot be loaded rejects the request that waited for it; the next one tries again.
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
  return async (request) => (await handler.get())(request)
}
