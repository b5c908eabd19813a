import { type Config, createConfig, http, reconnect, type Storage, type Transport } from '@wagmi/core'
import type { Chain } from 'viem'
import { whenAppKit } from '../current.ts'
import type { CaipNetwork } from '../networks.ts'
import { MODALKIT_CONNECTOR_ID, modalkitConnector } from './modalkitConnector.ts'

export { MODALKIT_CONNECTOR_ID, modalkitConnector } from './modalkitConnector.ts'

// `@modalkit/appkit/wagmi`: Reown AppKit's `@reown/appkit-adapter-wagmi`, for a site whose code uses
// wagmi's hooks and actions: `new WagmiAdapter({ networks, projectId })`, then `adapters:
// [wagmiAdapter]` in `createAppKit()` and `wagmiAdapter.wagmiConfig` in `<WagmiProvider>`. wagmi talks
// to the modal through its EIP-1193 provider (modalkitConnector.ts), and reads chains itself.

/** What AppKit's `WagmiAdapter` takes (its other options are accepted and not read). */
export type WagmiAdapterOptions = {
  /** The site's networks, AppKit's network objects (`@modalkit/appkit/networks`); EVM ones are wagmi's chains. */
  networks: readonly (CaipNetwork | Chain)[]
  projectId?: string | undefined
  /** wagmi's transports per chain id. Default: `http()` to each network's `rpcUrls.default`. */
  transports?: Record<number, Transport> | undefined
  ssr?: boolean | undefined
  storage?: Storage | null | undefined
  /** wagmi's discovery of other EIP-6963 wallets beside the modal. Default false: the modal lists them. */
  multiInjectedProviderDiscovery?: boolean | undefined
  [option: string]: unknown
}

function isEvmChain(network: CaipNetwork | Chain): boolean {
  const namespace = (network as Partial<CaipNetwork>).chainNamespace
  return typeof network.id === 'number' && (namespace === undefined || namespace === 'eip155')
}

function toChain(network: CaipNetwork | Chain): Chain {
  const { chainNamespace: _namespace, caipNetworkId: _caip, ...chain } = network as CaipNetwork
  return chain as Chain
}

/**
 * Keeps wagmi connected while the modal is: a wallet connected through `open()` (not wagmi's
 * `connect`) is taken up by reconnecting to the modal's connector, once wagmi is not busy.
 */
function followModal(config: Config): void {
  whenAppKit((appkit) => {
    const connector = config.connectors.find((candidate) => candidate.id === MODALKIT_CONNECTOR_ID)
    if (!connector) return
    const sync = () => {
      if (config.state.status !== 'disconnected') return
      if (!appkit.getAccount('eip155').isConnected) return
      void reconnect(config, { connectors: [connector] })
    }
    appkit.subscribeAccount(sync, 'eip155')
    config.subscribe((state) => state.status, sync)
    sync()
  })
}

/** AppKit's `WagmiAdapter`: the EVM namespace, and the wagmi config for the site's own wagmi code. */
export class WagmiAdapter {
  readonly namespace = 'eip155'
  readonly options: WagmiAdapterOptions
  /** The config for `<WagmiProvider config={…}>` and `@wagmi/core`'s actions. */
  readonly wagmiConfig: Config

  constructor(options: WagmiAdapterOptions) {
    this.options = options
    const chains = options.networks.filter(isEvmChain).map(toChain)
    const [first, ...rest] = chains
    if (!first) throw new Error('[appkit] WagmiAdapter needs at least one EVM network in `networks`')
    const transports = Object.fromEntries(
      chains.map((chain) => [chain.id, options.transports?.[chain.id] ?? http()]),
    ) as Record<number, Transport>
    this.wagmiConfig = createConfig({
      chains: [first, ...rest],
      transports,
      connectors: [modalkitConnector()],
      multiInjectedProviderDiscovery: options.multiInjectedProviderDiscovery ?? false,
      ...(options.ssr === undefined ? {} : { ssr: options.ssr }),
      ...(options.storage === undefined ? {} : { storage: options.storage }),
    })
    followModal(this.wagmiConfig)
  }
}
