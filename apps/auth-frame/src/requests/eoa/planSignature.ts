import type { EmbeddedWallet } from '../../wallet/createEmbeddedWallet.ts'
import type { WalletRequest } from '../../wallet/WalletRequest.ts'
import type { RequestPlan } from '../RequestPlan.ts'

/** What an EOA's request module works with: the wallet, and the network's name as the site gave it. */
export type EoaRequestContext = {
  wallet: EmbeddedWallet
  /** Shown, marked as the site's, only for a chain the frame does not know. */
  siteNetworkName?: string | undefined
}

/**
 * A signature by the wallet's key (EVM messages and typed data, Solana messages and transactions,
 * Bitcoin's methods): described by the same parsers that sign (typed-data permits in words, Solana
 * accounts behind lookup tables resolved), then signed once approved.
 */
export async function planSignature(
  { wallet }: EoaRequestContext,
  request: WalletRequest,
): Promise<RequestPlan> {
  return {
    description: await wallet.describeForApproval(request),
    perform: (signal) => wallet.sign(request, signal),
  }
}
