import {
  AtomicityNotSupportedError,
  CallsStatusNotApprovedError,
  ChainNotSupportedError,
  callsStatusSchema,
  capabilitiesResultSchema,
  getCapabilitiesParamsSchema,
  MissingCapabilitiesAddressError,
  type Namespace,
  NotConnectedError,
  parseWith as parse,
  sendCallsParamsSchema,
  sendCallsResultSchema,
  WALLET_CALL_METHODS,
} from '@modalkit/protocol'
import { type Network, toHexChainId } from '@modalkit/shared'

export type RouteWalletRequestContext = {
  /** The configured networks. */
  networks: readonly Network[]
  /** The eip155 network reads are asked on: the selected one, else the account's. */
  network: Network | undefined
  embedded?:
    | {
        isConnected(namespace: Namespace): boolean
        request(kind: 'safe' | 'unsafe', method: string, params: unknown, network: Network): Promise<unknown>
        /** The embedded wallet acts as its smart account: batches are atomic. */
        atomic?: boolean
      }
    | undefined
  walletConnect?:
    | {
        isConnected(namespace: Namespace): boolean
        approvesMethod(method: string): boolean
        request(method: string, params: unknown, chain: string): Promise<unknown>
      }
    | undefined
}

/**
 * Who answers an EIP-5792 request (wallet_getCapabilities, wallet_sendCalls, wallet_getCallsStatus)
 * on eip155: the embedded wallet's secure frame (reads silently; a batch through its approval, on
 * the configured network the batch names), or the wallet paired over WalletConnect. Undefined when
 * neither is connected or the method is another: the caller's usual rules apply. Params are checked
 * here first (SPEC §5), so a bad batch is refused before anything opens; the frame checks them again.
 */
export function routeWalletRequest(
  method: string,
  params: unknown,
  ctx: RouteWalletRequestContext,
): (() => Promise<unknown>) | undefined {
  if (!WALLET_CALL_METHODS.includes(method)) return undefined
  const network = ctx.network
  const embedded = ctx.embedded?.isConnected('eip155') ? ctx.embedded : undefined
  const paired = ctx.walletConnect?.isConnected('eip155') ? ctx.walletConnect : undefined
  if ((!embedded && !paired) || network?.chainNamespace !== 'eip155') return undefined
  const evmNetworks = ctx.networks.filter((n) => n.chainNamespace === 'eip155' && typeof n.id === 'number')
  const viaWalletConnect = (chain: string) => async () => {
    if (!paired) throw new NotConnectedError('no wallet paired over WalletConnect')
    if (method === 'wallet_getCallsStatus' && !paired.approvesMethod(method))
      throw new CallsStatusNotApprovedError()
    return paired.request(method, params, chain)
  }

  if (method === 'wallet_sendCalls') {
    const [batch] = parse(sendCallsParamsSchema, params, 'wallet_sendCalls params')
    const target = evmNetworks.find((n) => BigInt(n.id) === BigInt(batch.chainId))
    if (!target) throw new ChainNotSupportedError(batch.chainId)
    if (!embedded) return viaWalletConnect(target.caipNetworkId)
    // The embedded wallet's EOA sends calls one by one: refused here already, so no approval view
    // opens for it. Its smart account runs them as one operation.
    if (batch.atomicRequired && !embedded.atomic) throw new AtomicityNotSupportedError()
    return async () =>
      parse(
        sendCallsResultSchema,
        await embedded.request('unsafe', method, params, target),
        'wallet_sendCalls reply',
      )
  }

  if (method === 'wallet_getCapabilities') {
    const address = Array.isArray(params) ? params[0] : undefined
    if (address === undefined || address === null || address === '')
      throw new MissingCapabilitiesAddressError()
  }
  if (!embedded) return viaWalletConnect(network.caipNetworkId)
  if (method === 'wallet_getCallsStatus') {
    return async () =>
      parse(
        callsStatusSchema,
        await embedded.request('safe', method, params, network),
        'wallet_getCallsStatus reply',
      )
  }
  // The frame answers for the chains it is told: the configured ones, or those of them the dapp named.
  const [address, asked] = parse(getCapabilitiesParamsSchema, params, 'wallet_getCapabilities params')
  const chainIds = evmNetworks
    .filter((n) => !asked || asked.some((id) => BigInt(id) === BigInt(n.id)))
    .map((n) => toHexChainId(Number(n.id)))
  return async () =>
    parse(
      capabilitiesResultSchema,
      await embedded.request('safe', method, [address, chainIds], network),
      'wallet_getCapabilities reply',
    )
}
