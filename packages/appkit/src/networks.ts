// The networks Reown AppKit's examples import (`@reown/appkit/networks`), as AppKit has them: viem's
// `defineChain` shape plus `chainNamespace` and `caipNetworkId`. `init()` / `createAppKit()` take
// them wherever a CAIP-2 id goes, as `switchNetwork()` and `addNetwork()` do. The modal reads chains
// through the API's RPC proxy; `rpcUrls` are the public ones, for the site's own clients.

/** A network as AppKit's `networks` entry gives one. */
export type CaipNetwork = {
  id: number | string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[]; webSocket?: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  chainNamespace: 'eip155' | 'solana' | 'bip122'
  caipNetworkId: `${'eip155' | 'solana' | 'bip122'}:${string}`
}

/** AppKit's name for a network object (`AppKitNetwork` of `@reown/appkit/networks`). */
export type AppKitNetwork = CaipNetwork

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

const evm = (
  id: number,
  name: string,
  rpc: string,
  explorer: string | undefined,
  extra: { nativeCurrency?: CaipNetwork['nativeCurrency']; testnet?: boolean } = {},
): CaipNetwork => ({
  id,
  name,
  nativeCurrency: extra.nativeCurrency ?? ETH,
  rpcUrls: { default: { http: [rpc] } },
  ...(explorer ? { blockExplorers: { default: { name: `${name} explorer`, url: explorer } } } : {}),
  ...(extra.testnet ? { testnet: true } : {}),
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
})

const other = (
  namespace: 'solana' | 'bip122',
  id: string,
  name: string,
  nativeCurrency: CaipNetwork['nativeCurrency'],
  rpc: string,
  testnet = false,
): CaipNetwork => ({
  id,
  name,
  nativeCurrency,
  rpcUrls: { default: { http: [rpc] } },
  ...(testnet ? { testnet: true } : {}),
  chainNamespace: namespace,
  caipNetworkId: `${namespace}:${id}`,
})

export const mainnet = evm(1, 'Ethereum', 'https://eth.merkle.io', 'https://etherscan.io')
export const sepolia = evm(11155111, 'Sepolia', 'https://sepolia.drpc.org', 'https://sepolia.etherscan.io', {
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  testnet: true,
})
export const polygon = evm(137, 'Polygon', 'https://polygon-rpc.com', 'https://polygonscan.com', {
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
})
export const polygonAmoy = evm(80002, 'Polygon Amoy', 'https://rpc-amoy.polygon.technology', undefined, {
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  testnet: true,
})
export const arbitrum = evm(42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc', 'https://arbiscan.io')
export const optimism = evm(
  10,
  'OP Mainnet',
  'https://mainnet.optimism.io',
  'https://optimistic.etherscan.io',
)
export const base = evm(8453, 'Base', 'https://mainnet.base.org', 'https://basescan.org')
export const baseSepolia = evm(
  84532,
  'Base Sepolia',
  'https://sepolia.base.org',
  'https://sepolia.basescan.org',
  {
    testnet: true,
  },
)
export const bsc = evm(56, 'BNB Smart Chain', 'https://56.rpc.thirdweb.com', 'https://bscscan.com', {
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
})
export const avalanche = evm(
  43114,
  'Avalanche',
  'https://api.avax.network/ext/bc/C/rpc',
  'https://snowtrace.io',
  {
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  },
)
export const gnosis = evm(100, 'Gnosis', 'https://rpc.gnosischain.com', 'https://gnosisscan.io', {
  nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
})
export const zksync = evm(324, 'ZKsync Era', 'https://mainnet.era.zksync.io', 'https://era.zksync.network')
export const linea = evm(59144, 'Linea Mainnet', 'https://rpc.linea.build', 'https://lineascan.build')

export const solana = other(
  'solana',
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  SOL,
  'https://api.mainnet-beta.solana.com',
)
export const solanaDevnet = other(
  'solana',
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  SOL,
  'https://api.devnet.solana.com',
  true,
)
export const solanaTestnet = other(
  'solana',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  SOL,
  'https://api.testnet.solana.com',
  true,
)
export const bitcoin = other(
  'bip122',
  '000000000019d6689c085ae165831e93',
  'Bitcoin',
  BTC,
  'https://rpc.walletconnect.org/v1',
)
export const bitcoinTestnet = other(
  'bip122',
  '000000000933ea01ad0ee984209779ba',
  'Bitcoin Testnet',
  BTC,
  'https://rpc.walletconnect.org/v1',
  true,
)

// The local stack's chains (`npm start`): the two anvil nodes and the local Solana node. The modal
// reads them through the API's RPC proxy; the URLs here are `npm start`'s defaults.
export const localA = evm(31337, 'Local A', 'http://127.0.0.1:8545', undefined, { testnet: true })
export const localB = evm(31338, 'Local B', 'http://127.0.0.1:8546', undefined, { testnet: true })
export const localSolana = other(
  'solana',
  'GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
  'Local Solana',
  SOL,
  'http://127.0.0.1:8899',
  true,
)
