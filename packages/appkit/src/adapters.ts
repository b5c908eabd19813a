import type { CaipNetwork } from './networks.ts'

// Reown AppKit's adapter classes by name. Modalkit needs no per-library adapter: the modal gives the
// site an EIP-1193 provider (ethers, viem and wagmi take it unchanged) and a Solana provider. An
// adapter instance in `adapters` only says which namespace the site uses (`init()` maps each to its
// `namespace`), so `adapters: [new EthersAdapter()]` code moves unchanged. Options are kept, unused.

/** What AppKit's adapter constructors take; Modalkit reads none of it. */
export type AdapterOptions = {
  networks?: readonly (CaipNetwork | { id: number | string })[]
  projectId?: string
  [option: string]: unknown
}

abstract class Adapter<N extends 'eip155' | 'solana' | 'bip122'> {
  abstract readonly namespace: N
  readonly options: AdapterOptions
  constructor(options: AdapterOptions = {}) {
    this.options = options
  }
}

/** AppKit's `@reown/appkit-adapter-ethers`: the EVM namespace. */
export class EthersAdapter extends Adapter<'eip155'> {
  readonly namespace = 'eip155'
}

/** AppKit's `@reown/appkit-adapter-ethers5`: the EVM namespace. */
export class Ethers5Adapter extends Adapter<'eip155'> {
  readonly namespace = 'eip155'
}

/**
 * The EVM namespace under the name of AppKit's `@reown/appkit-adapter-wagmi`, without wagmi. A site
 * that uses wagmi imports `WagmiAdapter` from `@modalkit/appkit/wagmi` instead, whose `wagmiConfig`
 * is wagmi's config connected to the modal.
 */
export class WagmiAdapter extends Adapter<'eip155'> {
  readonly namespace = 'eip155'
  get wagmiConfig(): never {
    throw new Error(
      "[appkit] this WagmiAdapter has no wagmiConfig: import { WagmiAdapter } from '@modalkit/appkit/wagmi' for one",
    )
  }
}

/** AppKit's `@reown/appkit-adapter-solana`: the Solana namespace. */
export class SolanaAdapter extends Adapter<'solana'> {
  readonly namespace = 'solana'
}

/** AppKit's `@reown/appkit-adapter-bitcoin`: the Bitcoin (BIP-122) namespace. */
export class BitcoinAdapter extends Adapter<'bip122'> {
  readonly namespace = 'bip122'
}
