import * as z from 'zod/mini'
import { bitcoinWalletRequestSchema } from '../schemas/bitcoinWalletRequest.ts'
import { caipNetworkIdSchema } from '../schemas/caip.ts'
import { hostSnapshotSchema, modalEventSchema } from '../schemas/channel.ts'
import { injectedRequestSchema } from '../schemas/wallets.ts'
import { siwxMessageShape, siwxSessionSchema, siwxSessionsSchema } from '../siwx/siwxMessage.ts'
import { none } from './contractParts.ts'

/** The account a custom SIWX verifier is asked about: CAIP-2 chain and address. */
const siwxAccountSchema = z.strictObject({
  chainId: caipNetworkIdSchema,
  accountAddress: siwxMessageShape.accountAddress,
})

/** What the host loader parses each call of the modal by (the loader serves these methods). */
export const hostInputs = {
  stateChanged: hostSnapshotSchema,
  emitEvent: modalEventSchema,
  /** Calls `eth_requestAccounts` on a host-page wallet, so the wallet sees the site's origin. */
  connectInjected: z.strictObject({ uuid: z.string().check(z.maxLength(64)) }),
  /** Asks the connected host-page wallet to switch or add a chain. */
  injectedRequest: injectedRequestSchema,
  /** Forgets the connected host-page wallet (EIP-1193 wallets have no disconnect). */
  disconnectInjected: none,
  /**
   * On load: the browser wallet the site's visitor connected last time, when it still gives the site
   * accounts by `eth_accounts` (which never prompts); nothing otherwise.
   */
  restoreInjected: none,
  /** Connects a Bitcoin browser wallet of the host page (it asks its user there, seeing the site's origin). */
  connectBitcoinWallet: z.strictObject({ id: z.string().check(z.maxLength(64)) }),
  /** One bip122 request for the connected Bitcoin browser wallet; its reply is parsed by the modal. */
  bitcoinWalletRequest: bitcoinWalletRequestSchema,
  /** Disconnects the connected Bitcoin browser wallet (its own disconnect, when it has one). */
  disconnectBitcoinWallet: none,
  /**
   * On load: the Bitcoin browser wallet the site's visitor connected last time, when it still gives
   * the site its addresses without asking (Wallet Standard `accounts`, sats-connect
   * `wallet_getAccount`); nothing otherwise.
   */
  restoreBitcoinWallet: none,
  /**
   * Lets go of a restored Bitcoin browser wallet the modal does not take (its address on a network
   * the site lacks, or a Bitcoin account already connected) and forgets it, without asking the
   * wallet to disconnect: nothing the visitor did should end the site's grant in the wallet.
   */
  releaseBitcoinWallet: none,
  /**
   * Moves the connected Bitcoin browser wallet to another Bitcoin network: a sats-connect wallet is
   * asked to change its network (its own prompt), a Wallet Standard wallet gives the account it
   * already authorized on that network. Its addresses there; refused when it has none.
   */
  switchBitcoinWalletNetwork: z.strictObject({
    caipNetworkId: z.string().check(z.regex(/^bip122:[0-9a-f]{32}$/)),
  }),
  /**
   * The site's own SIWX verifier (AppKit's SIWX interface, `init({ siwx })` callbacks), served only
   * when the site gave one. The modal still writes domain, uri, account and chain itself.
   */
  siwxCreateMessage: siwxAccountSchema,
  siwxAddSession: siwxSessionSchema,
  siwxGetSessions: siwxAccountSchema,
  siwxRevokeSession: siwxAccountSchema,
  siwxSetSessions: siwxSessionsSchema,
  siwxGetRequired: none,
} as const
