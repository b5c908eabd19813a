import type { SmartAccountsReply } from '@modalkit/protocol'
import type { FrameLanguage } from '../i18n/frameLanguage.ts'
import type { SmartAccountEndpoints } from '../smartAccount/createSmartAccounts.ts'
import type { BitcoinGrants } from '../wallet/bitcoin/createBitcoinGrants.ts'
import type { EmbeddedWallet } from '../wallet/createEmbeddedWallet.ts'

/** What the frame gives its handlers: the wallet, the modal's settings and the API's endpoints. */
export type FrameHandlersContext = {
  /** The wallet, once the modal said which site it serves (SYNC_DAPP_DATA). */
  wallet(): EmbeddedWallet | undefined
  /** Creates the wallet for the site the modal reported. */
  openWallet(siteOrigin: string): EmbeddedWallet
  projectId: string
  /** The chain the modal has selected (SPEC §7 query `chainId`, then SWITCH_NETWORK). */
  chain: { id: number | string }
  /** Remembers the modal's RPC URL per CAIP-2 chain, for the wallet's reads and sends. */
  setRpcUrl(caipChainId: string, url: string): void
  /** Tells the modal the approval screen opened (with its height) or closed. */
  onApprovalVisibility(open: boolean, height?: number): void
  /** Farcaster login: the relay, and the registry chain's RPC for the site served. */
  farcaster?: { relayUrl: string; rpcUrl(siteOrigin: string): string }
  /** The API's smart-account settings for this project and the site (`/v1/smart-accounts`). */
  smartAccounts(siteOrigin: string): Promise<SmartAccountsReply>
  /** The API's chain proxy, bundler and paymaster URLs for the site served and a CAIP-2 chain. */
  smartAccountEndpoints(siteOrigin: string, caipChainId: string): SmartAccountEndpoints
  /** The language the screens speak: the browser's, then the modal's (SYNC_LOCALE). */
  language?: FrameLanguage
  /** The sites each user allowed to see the Bitcoin address (the secure origin's storage). */
  bitcoinGrants?: BitcoinGrants
}
