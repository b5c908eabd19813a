import type { Namespace } from './namespaces.ts'
import type { CaipNetworkIdString } from './parseCaipNetworkId.ts'

type RpcUrls = { http: string[]; webSocket?: string[] }

/** A network with the fields SPEC §3 gives it (the shape of Reown AppKit's `CaipNetwork`). */
export type Network = {
  /** The chain id for eip155, the CAIP-2 reference (genesis hash) for the others. */
  id: number | string
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: RpcUrls; chainDefault?: RpcUrls }
  blockExplorers?: { default: { name: string; url: string } }
  chainNamespace: Namespace
  caipNetworkId: CaipNetworkIdString
  /** `imageId` is an id of the hosted network image (AppKit's `NetworkImageIds`). */
  assets?: { imageId?: string; imageUrl?: string }
  testnet: boolean
}

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const SEPOLIA_ETHER = { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
const SOLSCAN = { default: { name: 'Solscan', url: 'https://solscan.io' } }
const SOLANA_IMAGE = { imageId: 'a1b58899-f671-4276-6a5e-56ca5bd59700' }

type EvmNetwork = Omit<Network, 'chainNamespace' | 'caipNetworkId' | 'id' | 'testnet'> & { testnet?: boolean }

/** The list is shared by every caller of `getNetwork`: frozen so that no caller can change it for the others. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

function evm(id: number, network: EvmNetwork): Network {
  return { id, chainNamespace: 'eip155', caipNetworkId: `eip155:${id}`, testnet: false, ...network }
}

function solana(reference: string, name: string, rpc: string, testnet: boolean): Network {
  return {
    id: reference,
    name,
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [rpc] } },
    blockExplorers: SOLSCAN,
    chainNamespace: 'solana',
    caipNetworkId: `solana:${reference}`,
    assets: SOLANA_IMAGE,
    testnet,
  }
}

/**
 * Bitcoin has no public JSON-RPC endpoint to name: wallets and the API talk to it, so `http` is
 * empty (AppKit fills it with its own proxy).
 */
function bitcoin(
  reference: string,
  name: string,
  explorer: string,
  imageId: string,
  testnet: boolean,
): Network {
  return {
    id: reference,
    name,
    nativeCurrency: BTC,
    rpcUrls: { default: { http: [] } },
    blockExplorers: { default: { name: 'Mempool', url: explorer } },
    chainNamespace: 'bip122',
    caipNetworkId: `bip122:${reference}`,
    assets: { imageId },
    testnet,
  }
}

/**
 * The networks a project may configure (SPEC §9: the built-in ones, the supported ones named there,
 * two testnets) plus the local chains for development and tests (two Anvil nodes, the local Solana
 * cluster). Public values as viem and
 * Reown AppKit define them.
 */
export const NETWORKS: readonly Network[] = deepFreeze([
  evm(1, {
    name: 'Ethereum',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['https://eth.merkle.io'] } },
    blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
    assets: { imageId: 'ba0ba0cd-17c6-4806-ad93-f9d174f17900' },
  }),
  evm(10, {
    name: 'OP Mainnet',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
    blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
    assets: { imageId: 'ab9c186a-c52f-464b-2906-ca59d760a400' },
  }),
  evm(56, {
    name: 'BNB Smart Chain',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: ['https://bsc-dataseed.bnbchain.org'] } },
    blockExplorers: { default: { name: 'BscScan', url: 'https://bscscan.com' } },
    assets: { imageId: '93564157-2e8e-4ce7-81df-b264dbee9b00' },
  }),
  evm(100, {
    name: 'Gnosis',
    nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
    rpcUrls: {
      default: { http: ['https://rpc.gnosischain.com'], webSocket: ['wss://rpc.gnosischain.com/wss'] },
    },
    blockExplorers: { default: { name: 'Gnosisscan', url: 'https://gnosisscan.io' } },
    assets: { imageId: '02b53f6a-e3d4-479e-1cb4-21178987d100' },
  }),
  evm(137, {
    name: 'Polygon',
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
    blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
    assets: { imageId: '41d04d42-da3b-4453-8506-668cc0727900' },
  }),
  evm(324, {
    name: 'ZKsync Era',
    nativeCurrency: ETHER,
    rpcUrls: {
      default: { http: ['https://mainnet.era.zksync.io'], webSocket: ['wss://mainnet.era.zksync.io/ws'] },
    },
    blockExplorers: { default: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' } },
    assets: { imageId: 'b310f07f-4ef7-49f3-7073-2a0a39685800' },
  }),
  evm(8453, {
    name: 'Base',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
    blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
    assets: { imageId: '7289c336-3981-4081-c5f4-efc26ac64a00' },
  }),
  evm(42161, {
    name: 'Arbitrum One',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
    blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
    assets: { imageId: '3bff954d-5cb0-47a0-9a23-d20192e74600' },
  }),
  evm(42220, {
    name: 'Celo',
    nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 },
    rpcUrls: { default: { http: ['https://forno.celo.org'] } },
    blockExplorers: { default: { name: 'Celo Explorer', url: 'https://celoscan.io' } },
    assets: { imageId: 'ab781bbc-ccc6-418d-d32d-789b15da1f00' },
  }),
  evm(43114, {
    name: 'Avalanche',
    nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
    rpcUrls: { default: { http: ['https://api.avax.network/ext/bc/C/rpc'] } },
    blockExplorers: { default: { name: 'SnowTrace', url: 'https://snowtrace.io' } },
    assets: { imageId: '30c46e53-e989-45fb-4549-be3bd4eb3b00' },
  }),
  evm(7777777, {
    name: 'Zora',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['https://rpc.zora.energy'], webSocket: ['wss://rpc.zora.energy'] } },
    blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.zora.energy' } },
    assets: { imageId: '845c60df-d429-4991-e687-91ae45791600' },
  }),
  evm(1313161554, {
    name: 'Aurora',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['https://mainnet.aurora.dev'] } },
    blockExplorers: { default: { name: 'Aurorascan', url: 'https://aurorascan.dev' } },
    assets: { imageId: '3ff73439-a619-4894-9262-4470c773a100' },
  }),
  evm(11155111, {
    name: 'Sepolia',
    nativeCurrency: SEPOLIA_ETHER,
    rpcUrls: { default: { http: ['https://sepolia.drpc.org'] } },
    blockExplorers: { default: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' } },
    assets: { imageId: 'e909ea0a-f92a-4512-c8fc-748044ea6800' },
    testnet: true,
  }),
  evm(84532, {
    name: 'Base Sepolia',
    nativeCurrency: SEPOLIA_ETHER,
    rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
    blockExplorers: { default: { name: 'Basescan', url: 'https://sepolia.basescan.org' } },
    assets: { imageId: 'a18a7ecd-e307-4360-4746-283182228e00' },
    testnet: true,
  }),
  // Local development chains (`anvil --chain-id 31337 --port 8545`, and 31338 on 8546): no explorer.
  evm(31337, {
    name: 'Local Anvil A',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
    testnet: true,
  }),
  evm(31338, {
    name: 'Local Anvil B',
    nativeCurrency: ETHER,
    rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
    testnet: true,
  }),
  solana('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', 'https://api.mainnet-beta.solana.com', false),
  solana('EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'Solana Devnet', 'https://api.devnet.solana.com', true),
  solana('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 'Solana Testnet', 'https://api.testnet.solana.com', true),
  // The local cluster (apps/local-solana, `SOLANA_PORT` 8899): litesvm has no genesis block, so the
  // node advertises a fixed genesis hash (its genesisHash.ts); the reference is its first 32 characters.
  {
    id: 'GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
    name: 'Solana Local',
    nativeCurrency: SOL,
    rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
    chainNamespace: 'solana',
    caipNetworkId: 'solana:GRYnpvyTctLiftw4vtvrNBxCJFxVdCTn',
    assets: SOLANA_IMAGE,
    testnet: true,
  },
  bitcoin(
    '000000000019d6689c085ae165831e93',
    'Bitcoin',
    'https://mempool.space',
    '0b4838db-0161-4ffe-022d-532bf03dba00',
    false,
  ),
  bitcoin(
    '000000000933ea01ad0ee984209779ba',
    'Bitcoin Testnet',
    'https://mempool.space/testnet',
    '39354064-d79b-420b-065d-f980c4b78200',
    true,
  ),
])

/** SPEC §9 built-in chains: Ethereum, BNB Smart Chain, Solana mainnet, devnet, testnet, Bitcoin mainnet and testnet. */
export const BUILT_IN_NETWORK_IDS = [
  'eip155:1',
  'eip155:56',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'bip122:000000000019d6689c085ae165831e93',
  'bip122:000000000933ea01ad0ee984209779ba',
] as const satisfies readonly CaipNetworkIdString[]
