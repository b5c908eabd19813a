import {
  ActionNotAllowedError,
  BUNDLER_READ_METHODS,
  classifyRequest,
  EMBEDDED_CONNECTOR_ID,
  isBitcoinMethod,
  isSolanaSignMethod,
  NetworkNotFoundError,
  RpcNotAllowedError,
  type RpcRequest,
  UnrecognizedChainError,
  UnsupportedMethodError,
  WALLET_CALL_METHODS,
} from '@modalkit/protocol'
import { UNLISTED_RPC_UI_DELAY_MS } from '@modalkit/shared'
import type { ApiClient } from '../api/createApiClient.ts'
import type { Connectors } from '../connectors/registry.ts'
import { translateError } from '../i18n/flows/describeError.ts'
import { log } from '../log.ts'
import { openAtom } from './atoms.ts'
import type { Notices } from './createNotices.ts'
import { isConnectedAtom } from './derivedAtoms.ts'
import type { ModalContext } from './ModalContext.ts'
import { type RequestState, requestedChainId } from './requestState.ts'

export type RpcHandlerDeps = Pick<ModalContext, 'store' | 'analytics'> & {
  api: Pick<ApiClient, 'rpc' | 'bundler' | 'getBalances' | 'getSupportedChains'>
  projectId: string
  connectors: Connectors
  notices: Pick<Notices, 'showToast' | 'shake'>
  assertAllowed(): void
  switchNetwork(caipNetworkId: string): Promise<void>
  refreshBalance(): Promise<void>
}

/**
 * The host's EIP-1193 requests (SPEC §5, §6): refused, answered here, or sent to a connector, on the
 * chain and to the wallet of `state`, read when the request arrived (lazyRpcHandler.ts, which has
 * already checked the site and answered eth_chainId and eth_accounts where it could).
 */
export function createRpcHandler(deps: RpcHandlerDeps) {
  const { store, connectors } = deps

  /** SPEC §5/§6: unlisted methods are refused with a UI error after 300 ms; the rest go to a connector. */
  return async (request: RpcRequest, state: RequestState): Promise<unknown> => {
    const { namespace, method } = request
    const { networks, network, connector } = state
    const accountOf = (namespace: string) => state.accounts.find((a) => a.namespace === namespace)
    const kind = classifyRequest(method, namespace)
    if (kind === 'unlisted') {
      log.error(`${method} is not an allowed RPC method`)
      if (!store.get(openAtom)) {
        store.set(openAtom, true)
        deps.analytics.track('MODAL_OPEN', { connected: store.get(isConnectedAtom) })
      }
      setTimeout(() => {
        deps.notices.showToast('error', translateError(store, new ActionNotAllowedError(method)))
        deps.notices.shake()
      }, UNLISTED_RPC_UI_DELAY_MS)
      throw new RpcNotAllowedError(method)
    }
    // A browser wallet switches in the host page; for the others the modal is the wallet, and
    // lazyRpcHandler has switched to a configured chain (a WalletConnect session must have approved
    // it). Any other chain is EIP-3326's 4902. (wallet_addEthereumChain is unlisted: refused above.)
    if (namespace === 'eip155' && method === 'wallet_switchEthereumChain')
      throw new UnrecognizedChainError(String(requestedChainId(request.params).hex))
    // EIP-7811 asset discovery: a wallet paired over WalletConnect that approved it answers itself;
    // for the others (the embedded wallet, a browser wallet without it) the modal answers from the
    // API's balances, silently (SPEC §6), and only about the account connected to the site.
    if (namespace === 'eip155' && method === 'wallet_getAssets') {
      const paired =
        connector && connector === connectors.walletConnect ? connectors.walletConnect : undefined
      if (paired?.isConnected('eip155') && paired.approvesMethod(method) && network)
        return paired.requestOn(method, request.params, network.caipNetworkId)
      const { answerGetAssets } = await import('./answerGetAssets.ts')
      const { api, projectId } = deps
      return answerGetAssets(request.params, { api, projectId, account: accountOf('eip155'), networks })
    }
    // EIP-5792 batch calls go to the connected wallet: see routeWalletRequest (loaded when first
    // asked: its schemas are not part of the code loaded before the first click). Only the wallet
    // active when the request arrived is offered, not one that connected while its code loaded.
    if (namespace === 'eip155' && WALLET_CALL_METHODS.includes(method)) {
      const { routeWalletRequest } = await import('./routeWalletRequest.ts')
      const embedded = connector && connector === connectors.embedded ? connectors.embedded : undefined
      const walletConnect =
        connector && connector === connectors.walletConnect ? connectors.walletConnect : undefined
      const routed = routeWalletRequest(method, request.params, {
        networks,
        network,
        embedded: embedded && {
          isConnected: embedded.isConnected,
          request: embedded.send,
          // A smart account runs a batch as one operation, all or nothing.
          atomic: state.accounts.some(
            (a) =>
              a.namespace === 'eip155' &&
              a.connectorId === EMBEDDED_CONNECTOR_ID &&
              a.status === 'connected' &&
              a.type === 'smartAccount',
          ),
        },
        walletConnect: walletConnect && {
          isConnected: walletConnect.isConnected,
          approvesMethod: walletConnect.approvesMethod,
          request: walletConnect.requestOn,
        },
      })
      if (routed) return routed()
    }
    if (kind === 'unsafe') {
      // A Solana signing method belongs to the solana namespace and nothing else does, whatever the
      // page's provider claims: no wallet is asked to sign under the wrong namespace.
      if (isSolanaSignMethod(method) !== (namespace === 'solana')) throw new UnsupportedMethodError(method)
      // The wallet active in the namespace signs: the embedded wallet's secure frame shows the
      // approval (SPEC §6, SECURITY.md), a paired wallet asks in its own UI.
      const send =
        connector &&
        ((method: string, params: unknown) => connector.request({ namespace, method, params, network }))
      // bip122 (WalletConnect's Bitcoin RPC): parsed, and the account filled in, before a wallet sees it.
      // Its schemas, and Solana's below, load with the first such request: the user approves it in a
      // wallet anyway, and a site on one chain never loads the other's.
      if (isBitcoinMethod(method)) {
        const account = accountOf('bip122')?.address
        const { sendBitcoinRequest } = await import('../connectors/bitcoin/sendBitcoinRequest.ts')
        return sendBitcoinRequest({ method, params: request.params, account, send })
      }
      if (send && isSolanaSignMethod(method)) {
        const signer = accountOf('solana')?.address ?? ''
        const { sendSolanaRequest } = await import('../connectors/solana/sendSolanaRequest.ts')
        return sendSolanaRequest({ method, params: request.params, signer, send })
      }
      if (send) {
        const result = await send(method, request.params)
        void deps.refreshBalance()
        return result
      }
    }
    // Safe reads with no connector to serve them go through the API's chain RPC proxy (SPEC §6), on
    // the namespace's network. One the site did not configure is 'Network Not Found' (SPEC §8); a
    // chain the API has no node for comes back as 'Chain is not supported' (createRpcBatcher).
    const params = Array.isArray(request.params)
      ? request.params
      : request.params === undefined
        ? []
        : undefined
    if (kind === 'safe' && namespace === 'eip155' && params) {
      if (!network || !networks.some((n) => n.caipNetworkId === network.caipNetworkId))
        throw new NetworkNotFoundError(`no configured eip155 network for ${method}`)
      // ERC-4337 reads (a site following its eth_sendUserOperation) are the bundler's, not the node's.
      if (BUNDLER_READ_METHODS.includes(method))
        return deps.api.bundler(deps.projectId, network.caipNetworkId, method, params)
      return deps.api.rpc(deps.projectId, network.caipNetworkId, method, params)
    }
    throw new UnsupportedMethodError(method)
  }
}
