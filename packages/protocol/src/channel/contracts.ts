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
import type { Client, Handlers, Paired } from './contract.ts'
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

/** What the modal parses each call of the host loader by (the modal serves these methods). */
export const modalInputs = {
  init: initOptionsSchema,
  open: z.optional(openArgsSchema),
  close: none,
  switchNetwork: caipNetworkIdSchema,
  /** The site's networks array, changed after init (Reown AppKit's addNetwork / removeNetwork). */
  setNetworks: z.array(caipNetworkIdSchema).check(z.minLength(1), z.maxLength(100)),
  disconnect: z.optional(namespaceSchema),
  setThemeMode: themeModeSchema,
  setThemeVariables: themeVariablesSchema,
  request: rpcRequestSchema,
  /**
   * Reads the page made in one task, as one message (SPEC §9 batching across the page → modal hop):
   * each answered on its own, in order, as `request` would have answered it.
   */
  requestReads: z.array(rpcRequestSchema).check(z.minLength(1), z.maxLength(MAX_READS_PER_MESSAGE)),
  /** The host page's browser wallets (EIP-6963), whenever the list changes. */
  walletsChanged: announcedWalletsSchema,
  /** An event of the connected browser wallet. */
  injectedEvent: injectedEventSchema,
  /** The host page's Bitcoin browser wallets (Wallet Standard, sats-connect), whenever the list changes. */
  bitcoinWalletsChanged: bitcoinWalletsSchema,
  /** An event of the connected Bitcoin browser wallet. */
  bitcoinWalletEvent: bitcoinWalletEventSchema,
  /** Issue 12, Pay: opens the Pay view; answers once the payment is sent, refused or given up. */
  pay: payOptionsSchema,
} as const

/** What the host loader parses each of the modal's replies by. */
export const modalOutputs = {
  init: hostSnapshotSchema,
  open: none,
  close: none,
  switchNetwork: none,
  setNetworks: none,
  disconnect: none,
  setThemeMode: none,
  setThemeVariables: none,
  request: z.unknown(),
  requestReads: z.array(replyEnvelopeSchema).check(z.maxLength(MAX_READS_PER_MESSAGE)),
  walletsChanged: none,
  injectedEvent: none,
  bitcoinWalletsChanged: none,
  bitcoinWalletEvent: none,
  pay: payResultSchema,
} as const satisfies Record<keyof typeof modalInputs, z.ZodMiniType>

export type ModalContract = Paired<typeof modalInputs, typeof modalOutputs>
export type ModalHandlers = Handlers<ModalContract>
export type ModalClient = Client<ModalContract>

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

/** What the modal parses each of the host loader's replies by. */
export const hostOutputs = {
  stateChanged: none,
  emitEvent: none,
  connectInjected: injectedConnectionSchema,
  injectedRequest: z.unknown(),
  disconnectInjected: none,
  restoreInjected: z.optional(restoredInjectedSchema),
  connectBitcoinWallet: bitcoinWalletConnectionSchema,
  bitcoinWalletRequest: z.unknown(),
  disconnectBitcoinWallet: none,
  restoreBitcoinWallet: z.optional(restoredBitcoinWalletSchema),
  releaseBitcoinWallet: none,
  switchBitcoinWalletNetwork: bitcoinWalletConnectionSchema,
  siwxCreateMessage: siwxMessagePartsSchema,
  siwxAddSession: none,
  siwxGetSessions: siwxSessionsSchema,
  siwxRevokeSession: none,
  siwxSetSessions: none,
  siwxGetRequired: z.boolean(),
} as const satisfies Record<keyof typeof hostInputs, z.ZodMiniType>

export type HostContract = Paired<typeof hostInputs, typeof hostOutputs>
export type HostHandlers = Handlers<HostContract>
export type HostClient = Client<HostContract>
