import * as z from 'zod/mini'
import {
  bitcoinWalletConnectionSchema,
  bitcoinWalletEventSchema,
  bitcoinWalletRequestSchema,
  bitcoinWalletsSchema,
  restoredBitcoinWalletSchema,
} from '../schemas/bitcoinWallets.ts'
import { caipNetworkIdSchema, namespaceSchema } from '../schemas/caip.ts'
import { hostSnapshotSchema, modalEventSchema, openArgsSchema, rpcRequestSchema } from '../schemas/channel.ts'
import { initOptionsSchema, themeModeSchema, themeVariablesSchema } from '../schemas/initOptions.ts'
import { payOptionsSchema, payResultSchema } from '../schemas/pay.ts'
import {
  announcedWalletsSchema,
  injectedConnectionSchema,
  injectedEventSchema,
  injectedRequestSchema,
  restoredInjectedSchema,
} from '../schemas/wallets.ts'
import { siwxMessageSchema, siwxSessionSchema, siwxSessionsSchema } from '../siwx/siwxMessage.ts'
import type { Client, Handlers } from './contract.ts'
import { replyEnvelopeSchema } from './envelope.ts'

const none = z.optional(z.undefined())

/** What a site's createMessage answers: the modal writes domain, uri, account and chain itself. */
const siwxMessagePartsSchema = z.strictObject({
  ...siwxMessageSchema.shape,
  domain: z.optional(siwxMessageSchema.shape.domain),
  uri: z.optional(siwxMessageSchema.shape.uri),
  accountAddress: z.optional(siwxMessageSchema.shape.accountAddress),
  chainId: z.optional(siwxMessageSchema.shape.chainId),
})

/** The account a custom SIWX verifier is asked about: CAIP-2 chain and address. */
const siwxAccountSchema = z.strictObject({
  chainId: caipNetworkIdSchema,
  accountAddress: siwxMessageSchema.shape.accountAddress,
})

/** The most reads the host sends in one `requestReads` message. */
export const MAX_READS_PER_MESSAGE = 100

/** Methods the modal serves to the host loader. */
export const modalContract = {
  init: { input: initOptionsSchema, output: hostSnapshotSchema },
  open: { input: z.optional(openArgsSchema), output: none },
  close: { input: none, output: none },
  switchNetwork: { input: caipNetworkIdSchema, output: none },
  /** The site's networks array, changed after init (Reown AppKit's addNetwork / removeNetwork). */
  setNetworks: { input: z.array(caipNetworkIdSchema).check(z.minLength(1), z.maxLength(100)), output: none },
  disconnect: { input: z.optional(namespaceSchema), output: none },
  setThemeMode: { input: themeModeSchema, output: none },
  setThemeVariables: { input: themeVariablesSchema, output: none },
  request: { input: rpcRequestSchema, output: z.unknown() },
  /**
   * Reads the page made in one task, as one message (SPEC §9 batching across the page → modal hop):
   * each answered on its own, in order, as `request` would have answered it.
   */
  requestReads: {
    input: z.array(rpcRequestSchema).check(z.minLength(1), z.maxLength(MAX_READS_PER_MESSAGE)),
    output: z.array(replyEnvelopeSchema).check(z.maxLength(MAX_READS_PER_MESSAGE)),
  },
  /** The host page's browser wallets (EIP-6963), whenever the list changes. */
  walletsChanged: { input: announcedWalletsSchema, output: none },
  /** An event of the connected browser wallet. */
  injectedEvent: { input: injectedEventSchema, output: none },
  /** The host page's Bitcoin browser wallets (Wallet Standard, sats-connect), whenever the list changes. */
  bitcoinWalletsChanged: { input: bitcoinWalletsSchema, output: none },
  /** An event of the connected Bitcoin browser wallet. */
  bitcoinWalletEvent: { input: bitcoinWalletEventSchema, output: none },
  /** Issue 12, Pay: opens the Pay view; answers once the payment is sent, refused or given up. */
  pay: { input: payOptionsSchema, output: payResultSchema },
} as const
export type ModalContract = typeof modalContract
export type ModalHandlers = Handlers<ModalContract>
export type ModalClient = Client<ModalContract>

/** Methods the host loader serves to the modal. */
export const hostContract = {
  stateChanged: { input: hostSnapshotSchema, output: none },
  emitEvent: { input: modalEventSchema, output: none },
  /** Calls `eth_requestAccounts` on a host-page wallet, so the wallet sees the site's origin. */
  connectInjected: {
    input: z.strictObject({ uuid: z.string().check(z.maxLength(64)) }),
    output: injectedConnectionSchema,
  },
  /** Asks the connected host-page wallet to switch or add a chain. */
  injectedRequest: { input: injectedRequestSchema, output: z.unknown() },
  /** Forgets the connected host-page wallet (EIP-1193 wallets have no disconnect). */
  disconnectInjected: { input: none, output: none },
  /**
   * On load: the browser wallet the site's visitor connected last time, when it still gives the site
   * accounts by `eth_accounts` (which never prompts); nothing otherwise.
   */
  restoreInjected: { input: none, output: z.optional(restoredInjectedSchema) },
  /** Connects a Bitcoin browser wallet of the host page (it asks its user there, seeing the site's origin). */
  connectBitcoinWallet: {
    input: z.strictObject({ id: z.string().check(z.maxLength(64)) }),
    output: bitcoinWalletConnectionSchema,
  },
  /** One bip122 request for the connected Bitcoin browser wallet; its reply is parsed by the modal. */
  bitcoinWalletRequest: { input: bitcoinWalletRequestSchema, output: z.unknown() },
  /** Disconnects the connected Bitcoin browser wallet (its own disconnect, when it has one). */
  disconnectBitcoinWallet: { input: none, output: none },
  /**
   * On load: the Bitcoin browser wallet the site's visitor connected last time, when it still gives
   * the site its addresses without asking (Wallet Standard `accounts`, sats-connect
   * `wallet_getAccount`); nothing otherwise.
   */
  restoreBitcoinWallet: { input: none, output: z.optional(restoredBitcoinWalletSchema) },
  /**
   * Lets go of a restored Bitcoin browser wallet the modal does not take (its address on a network
   * the site lacks, or a Bitcoin account already connected) and forgets it, without asking the
   * wallet to disconnect: nothing the visitor did should end the site's grant in the wallet.
   */
  releaseBitcoinWallet: { input: none, output: none },
  /**
   * Moves the connected Bitcoin browser wallet to another Bitcoin network: a sats-connect wallet is
   * asked to change its network (its own prompt), a Wallet Standard wallet gives the account it
   * already authorized on that network. Its addresses there; refused when it has none.
   */
  switchBitcoinWalletNetwork: {
    input: z.strictObject({ caipNetworkId: z.string().check(z.regex(/^bip122:[0-9a-f]{32}$/)) }),
    output: bitcoinWalletConnectionSchema,
  },
  /**
   * The site's own SIWX verifier (AppKit's SIWX interface, `init({ siwx })` callbacks), served only
   * when the site gave one. The modal still writes domain, uri, account and chain itself.
   */
  siwxCreateMessage: { input: siwxAccountSchema, output: siwxMessagePartsSchema },
  siwxAddSession: { input: siwxSessionSchema, output: none },
  siwxGetSessions: { input: siwxAccountSchema, output: siwxSessionsSchema },
  siwxRevokeSession: { input: siwxAccountSchema, output: none },
  siwxSetSessions: { input: siwxSessionsSchema, output: none },
  siwxGetRequired: { input: none, output: z.boolean() },
} as const
export type HostContract = typeof hostContract
export type HostHandlers = Handlers<HostContract>
export type HostClient = Client<HostContract>
