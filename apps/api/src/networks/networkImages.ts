import { NETWORKS } from '@modalkit/shared'
import arbitrum from '@web3icons/core/svgs/networks/branded/arbitrum-one.svg.js'
import aurora from '@web3icons/core/svgs/networks/branded/aurora.svg.js'
import avalanche from '@web3icons/core/svgs/networks/branded/avalanche.svg.js'
import base from '@web3icons/core/svgs/networks/branded/base.svg.js'
import bnb from '@web3icons/core/svgs/networks/branded/binance-smart-chain.svg.js'
import bitcoin from '@web3icons/core/svgs/networks/branded/bitcoin.svg.js'
import celo from '@web3icons/core/svgs/networks/branded/celo.svg.js'
import ethereum from '@web3icons/core/svgs/networks/branded/ethereum.svg.js'
import gnosis from '@web3icons/core/svgs/networks/branded/gnosis.svg.js'
import optimism from '@web3icons/core/svgs/networks/branded/optimism.svg.js'
import polygon from '@web3icons/core/svgs/networks/branded/polygon.svg.js'
import solana from '@web3icons/core/svgs/networks/branded/solana.svg.js'
import zksync from '@web3icons/core/svgs/networks/branded/zksync.svg.js'
import zora from '@web3icons/core/svgs/networks/branded/zora.svg.js'

/**
 * The built-in networks' logos, by the image id each network carries (SPEC network
 * assets `imageId`, AppKit's ids): the branded network marks of `@web3icons/core` (MIT). A testnet
 * shows its mainnet's mark. The local chains have none: the modal draws a generated avatar.
 */
const LOGOS: Readonly<Record<string, string>> = {
  Ethereum: ethereum,
  'OP Mainnet': optimism,
  'BNB Smart Chain': bnb,
  Gnosis: gnosis,
  Polygon: polygon,
  'ZKsync Era': zksync,
  Base: base,
  'Arbitrum One': arbitrum,
  Celo: celo,
  Avalanche: avalanche,
  Zora: zora,
  Aurora: aurora,
  Sepolia: ethereum,
  'Base Sepolia': base,
  Solana: solana,
  'Solana Devnet': solana,
  'Solana Testnet': solana,
  'Solana Local': solana,
  Bitcoin: bitcoin,
  'Bitcoin Testnet': bitcoin,
}

/** imageId → SVG, for every built-in network that has both. */
export const NETWORK_IMAGES: ReadonlyMap<string, string> = new Map(
  NETWORKS.flatMap((network) => {
    const imageId = network.assets?.imageId
    const logo = LOGOS[network.name]
    return imageId && logo ? [[imageId, logo] as const] : []
  }),
)
