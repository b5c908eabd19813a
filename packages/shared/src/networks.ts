/** A network as SPEC §3 describes it. */
export type Network = {
  id: number | string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[]; webSocket?: string[] }; chainDefault?: { http: string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  chainNamespace: 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos'
  caipNetworkId: string
  assets?: { imageId?: string; imageUrl?: string }
  testnet: boolean
}

const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

function evm(
  id: number,
  name: string,
  rpc: string,
  explorer: string | undefined,
  extra: Partial<Network> = {},
): Network {
  return {
    id,
    name,
    nativeCurrency: ETH,
    rpcUrls: { default: { http: [rpc] } },
    ...(explorer ? { blockExplorers: { default: { name: `${name} explorer`, url: explorer } } } : {}),
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    testnet: false,
    ...extra,
  }
}

function solana(reference: string, name: string, rpc: string, testnet: boolean): Network {
  return {
    id: reference,
    name,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: [rpc] } },
    blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
    chainNamespace: 'solana',
    caipNetworkId: `solana:${reference}`,
    testnet,
  }
}

function bitcoin(reference: string, name: string, testnet: boolean): Network {
  return {
    id: reference,
    name,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls: { default: { http: [] } },
    blockExplorers: {
      default: { name: 'Mempool', url: testnet ? 'https://mempool.space/testnet' : 'https://mempool.space' },
    },
    chainNamespace: 'bip122',
    caipNetworkId: `bip122:${reference}`,
    testnet,
  }
}

/** Built-in and supported networks (SPEC §9), plus the two local development chains. */
export const NETWORKS: readonly Network[] = [
  evm(1, 'Ethereum', 'https://eth.merkle.io', 'https://etherscan.io'),
  evm(10, 'OP Mainnet', 'https://mainnet.optimism.io', 'https://optimistic.etherscan.io'),
  evm(56, 'BNB Smart Chain', 'https://bsc-dataseed.bnbchain.org', 'https://bscscan.com', {
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  }),
  evm(100, 'Gnosis', 'https://rpc.gnosischain.com', 'https://gnosisscan.io', {
    nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  }),
  evm(137, 'Polygon', 'https://polygon-rpc.com', 'https://polygonscan.com', {
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  }),
  evm(324, 'ZKsync Era', 'https://mainnet.era.zksync.io', 'https://era.zksync.network'),
  evm(8453, 'Base', 'https://mainnet.base.org', 'https://basescan.org'),
  evm(42161, 'Arbitrum One', 'https://arb1.arbitrum.io/rpc', 'https://arbiscan.io'),
  evm(42220, 'Celo', 'https://forno.celo.org', 'https://celoscan.io', {
    nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
  }),
  evm(43114, 'Avalanche', 'https://api.avax.network/ext/bc/C/rpc', 'https://snowtrace.io', {
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  }),
  evm(7777777, 'Zora', 'https://rpc.zora.energy', 'https://explorer.zora.energy'),
  evm(1313161554, 'Aurora', 'https://mainnet.aurora.dev', 'https://explorer.aurora.dev'),
  evm(11155111, 'Sepolia', 'https://rpc.sepolia.org', 'https://sepolia.etherscan.io', { testnet: true }),
  evm(84532, 'Base Sepolia', 'https://sepolia.base.org', 'https://sepolia.basescan.org', { testnet: true }),
  evm(31337, 'Local Anvil A', 'http://127.0.0.1:8545', undefined, { testnet: true }),
  evm(31338, 'Local Anvil B', 'http://127.0.0.1:8546', undefined, { testnet: true }),
  solana('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 'https://api.mainnet-beta.solana.com', false),
  solana('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', 'https://api.devnet.solana.com', true),
  solana('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', 'https://api.testnet.solana.com', true),
  bitcoin('000000000019d6689c085ae165831e93', 'Bitcoin', false),
  bitcoin('000000000933ea01ad0ee984209779ba', 'Bitcoin Testnet', true),
]

/** SPEC §9: Ethereum, BNB Smart Chain, three Solana networks, Bitcoin mainnet and testnet. */
export const BUILT_IN_NETWORK_IDS: readonly string[] = [
  'eip155:1',
  'eip155:56',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'bip122:000000000019d6689c085ae165831e93',
  'bip122:000000000933ea01ad0ee984209779ba',
]

const byId = new Map(NETWORKS.map((network) => [network.caipNetworkId, network]))

export function getNetwork(caipNetworkId: string): Network | undefined {
  return byId.get(caipNetworkId)
}

/** `0x`-hex chain id of an EVM network id. */
export function toHexChainId(id: number): string {
  return `0x${id.toString(16)}`
}
