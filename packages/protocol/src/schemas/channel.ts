import * as z from 'zod/mini'
import { caipAddressSchema, caipNetworkIdSchema, namespaceSchema } from './caip.ts'
import { imageUrlSchema } from './imageUrl.ts'
import { LOGIN_SOCIALS, themeModeSchema } from './initOptions.ts'
import { stringRecord } from './stringRecord.ts'
import { viewSchema } from './views.ts'

/** `window.appkit.open()` arguments. */
/**
 * A WalletConnect v2 pairing URI (`wc:<64 hex topic>@2?relay-protocol=irn&symKey=…`): printable
 * ASCII only, so it is shown as a QR code and a link without escaping surprises.
 */
export const walletConnectUriSchema = z
  .string()
  .check(z.maxLength(2048), z.regex(/^wc:[0-9a-f]{64}@2\?[\x21-\x7e]+$/))

export const openArgsSchema = z.strictObject({
  view: z.optional(viewSchema),
  /**
   * AppKit's `open({ uri })`: the pairing URI of the site's own WalletConnect client (with
   * `manualWCControl`), shown as the QR code and wallet links instead of the modal's own pairing.
   */
  uri: z.optional(walletConnectUriSchema),
  namespace: z.optional(namespaceSchema),
  /** Swap is opened with swap arguments (SPEC §2). */
  arguments: z.optional(
    z.strictObject({
      fromToken: z.optional(z.string().check(z.maxLength(64))),
      toToken: z.optional(z.string().check(z.maxLength(64))),
      amount: z.optional(z.string().check(z.maxLength(64))),
    }),
  ),
})
export type OpenArgs = z.infer<typeof openArgsSchema>

export const connectionStatusSchema = z.enum(['disconnected', 'connecting', 'connected'])
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>

export const accountStateSchema = z.strictObject({
  namespace: namespaceSchema,
  status: connectionStatusSchema,
  address: z.optional(z.string().check(z.maxLength(128))),
  caipAddress: z.optional(caipAddressSchema),
  type: z.optional(z.enum(['eoa', 'smartAccount'])),
  /** A smart account has code on chain (its first operation deployed it). */
  smartAccountDeployed: z.optional(z.boolean()),
  connectorId: z.optional(z.string().check(z.maxLength(128))),
  /** The native balance in base units (a decimal string), when the modal has read it. */
  balance: z.optional(
    z.strictObject({
      value: z.string().check(z.regex(/^\d{1,80}$/)),
      decimals: z.number().check(z.int(), z.minimum(0), z.maximum(255)),
      symbol: z.string().check(z.maxLength(16)),
    }),
  ),
  /** The account's profile name (`alice.reown.id`, SPEC §7 identity), when it has one. */
  profileName: z.optional(z.string().check(z.maxLength(64))),
  /** The account's avatar (SPEC §7 identity), only as a safe image URL (imageUrlSchema). */
  profileAvatar: z.optional(imageUrlSchema),
  /** An embedded wallet's login, as AppKit's `embeddedWalletInfo.user` gives it to the site. */
  user: z.optional(
    z.strictObject({
      email: z.optional(z.string().check(z.maxLength(254))),
      username: z.optional(z.string().check(z.maxLength(100))),
    }),
  ),
  /** How an embedded wallet logged in (AppKit's `authProvider`): `email` or the social provider. */
  authProvider: z.optional(z.enum(['email', ...LOGIN_SOCIALS])),
})
export type AccountState = z.infer<typeof accountStateSchema>

export const networkSummarySchema = z.strictObject({
  caipNetworkId: caipNetworkIdSchema,
  id: z.union([z.number(), z.string().check(z.maxLength(64))]),
  name: z.string().check(z.maxLength(100)),
  chainNamespace: namespaceSchema,
  nativeCurrency: z.strictObject({
    name: z.string().check(z.maxLength(64)),
    symbol: z.string().check(z.maxLength(16)),
    decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
  }),
  testnet: z.optional(z.boolean()),
})
export type NetworkSummary = z.infer<typeof networkSummarySchema>

/** What the modal mirrors into the host page: everything `window.appkit` getters answer from. */
export const hostSnapshotSchema = z.strictObject({
  open: z.boolean(),
  loading: z.boolean(),
  view: viewSchema,
  themeMode: themeModeSchema,
  activeChain: z.optional(namespaceSchema),
  selectedNetworkId: z.optional(caipNetworkIdSchema),
  network: z.optional(networkSummarySchema),
  accounts: z.array(accountStateSchema).check(z.maxLength(5)),
  /** The networks a connected WalletConnect wallet approved (AppKit's `approvedCaipNetworkIds`). */
  approvedNetworkIds: z.optional(z.array(caipNetworkIdSchema).check(z.maxLength(100))),
  /** Closing is disabled (sign-in required without a session): the host must not close on Esc either. */
  closeDisabled: z.boolean(),
  /** Embedded mode: the card's height in CSS pixels, so the host can size the in-flow iframe. */
  frameHeight: z.optional(z.number().check(z.minimum(0), z.maximum(4000))),
})
export type HostSnapshot = z.infer<typeof hostSnapshotSchema>

/** Events the modal emits to the host (`subscribeEvents`), named as AppKit's. */
export const MODAL_EVENTS = [
  'MODAL_CREATED',
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SWITCH_NETWORK',
  'CLICK_NETWORKS',
  'CLICK_ALL_WALLETS',
  'SELECT_WALLET',
  'ERROR',
  'INITIALIZE',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
  'OPEN_SEND',
  'SEND_INITIATED',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SEND_REJECTED',
  'OPEN_SWAP',
  'INITIATE_SWAP',
  'SWAP_SUCCESS',
  'SWAP_ERROR',
  'SWAP_APPROVAL_ERROR',
  'PAY_MODAL_OPEN',
  'PAY_INITIATED',
  'PAY_SUCCESS',
  'PAY_ERROR',
  'USER_REJECTED',
] as const
export const modalEventSchema = z.strictObject({
  timestamp: z.number(),
  data: z.strictObject({
    type: z.literal('track'),
    event: z.enum(MODAL_EVENTS),
    properties: z.optional(
      stringRecord(z.string().check(z.maxLength(64)), z.union([z.string(), z.number(), z.boolean()])),
    ),
  }),
})
export type ModalEvent = z.infer<typeof modalEventSchema>

/** One EIP-1193 request forwarded from the host provider. */
export const rpcRequestSchema = z.strictObject({
  namespace: namespaceSchema,
  method: z.string().check(z.minLength(1), z.maxLength(100)),
  params: z.optional(z.unknown()),
})
export type RpcRequest = z.infer<typeof rpcRequestSchema>
