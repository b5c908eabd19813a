import type { SolanaProvider } from '@modalkit/host-loader/types'

// `@modalkit/appkit/solana/react`: Reown AppKit's `@reown/appkit-adapter-solana/react`, apart from
// `@modalkit/appkit/react` because it imports `@solana/web3.js` (a React site without Solana has
// none) and because its `type Provider` is the Solana wallet's, where `/react`'s is the EVM one.

export { SolanaAdapter } from '../adapters.ts'
export { useAppKitConnection } from './useAppKitConnection.ts'

/** The Solana adapter's `type Provider`: the Solana wallet's provider (`useAppKitProvider<Provider>('solana')`). */
export type Provider = SolanaProvider
export type { Connection } from '@solana/web3.js'
