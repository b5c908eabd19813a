import type { WalletAddresses } from '@modalkit/protocol'
import { deriveAccounts } from '../keys/deriveAccounts.ts'

/** The public addresses of a seed, in the shape the API keeps them. */
export function toWalletAddresses(seed: Uint8Array): WalletAddresses {
  const accounts = deriveAccounts(seed)
  return { eip155: accounts.eip155.address, solana: accounts.solana.address }
}

/** Same wallet: EVM addresses compared without their checksum case, Solana's base58 exactly. */
export function sameAddresses(a: WalletAddresses, b: WalletAddresses): boolean {
  return a.eip155.toLowerCase() === b.eip155.toLowerCase() && a.solana === b.solana
}
