import * as z from 'zod/mini'

// SPEC §7's data API for the Account view: account balance, fungible price and
// transaction history, in the shapes SPEC names (Reown's data API's field names).

const projectIdSchema = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))
/** CAIP-2 network id: `eip155:31337`, `solana:<genesis>`. */
const caip2Schema = z.string().check(z.maxLength(80), z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))
/** A decimal number as text (amounts keep every digit). */
const decimalSchema = z.string().check(z.maxLength(100), z.regex(/^-?[0-9]+(\.[0-9]+)?$/))
const urlSchema = z.string().check(z.maxLength(500), z.regex(/^(https?:\/\/|\/)/))
/** Fiat currencies the local price table converts to. */
export const currencySchema = z.enum(['usd', 'eur'])
export type Currency = z.infer<typeof currencySchema>

/** `GET /v1/account/{address}/balance?projectId&currency&chainId&forceUpdate`. */
export const balanceQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  currency: z.optional(currencySchema),
  chainId: caip2Schema,
  forceUpdate: z.optional(z.enum(['true', 'false'])),
})

export const tokenBalanceSchema = z.strictObject({
  name: z.string().check(z.maxLength(100)),
  symbol: z.string().check(z.maxLength(32)),
  /** CAIP-2 network id. */
  chainId: caip2Schema,
  /** CAIP-10 address of the token contract (or mint); absent for the native currency. */
  address: z.optional(z.string().check(z.maxLength(120))),
  /** Value of the holding in the requested currency. */
  value: z.number(),
  /** Price of one unit in the requested currency (0 when the price table has none). */
  price: z.number(),
  quantity: z.strictObject({ decimals: decimalSchema, numeric: decimalSchema }),
  iconUrl: z.optional(urlSchema),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>
export const balanceReplySchema = z.strictObject({
  balances: z.array(tokenBalanceSchema).check(z.maxLength(500)),
})
export type BalanceReply = z.infer<typeof balanceReplySchema>

/** `POST /v1/fungible/price`. */
export const fungiblePriceBodySchema = z.strictObject({
  projectId: projectIdSchema,
  currency: currencySchema,
  /** CAIP-10 token addresses (`eip155:31337:0x…`); `eip155:31337:native` names the native currency. */
  addresses: z.array(z.string().check(z.maxLength(120))).check(z.minLength(1), z.maxLength(100)),
})
export const fungiblePriceReplySchema = z.strictObject({
  fungibles: z
    .array(
      z.strictObject({
        name: z.string().check(z.maxLength(100)),
        symbol: z.string().check(z.maxLength(32)),
        iconUrl: z.optional(urlSchema),
        price: z.number(),
      }),
    )
    .check(z.maxLength(100)),
})

/**
 * `GET /v1/account/{address}/history?projectId&chainId&cursor&onramp&cache`. SPEC §7's `cache` is a
 * Fetch cache mode, as AppKit's client names it; the API reads the history from its index on every
 * call, so each mode answers the current page.
 */
export const historyQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  chainId: caip2Schema,
  cursor: z.optional(z.string().check(z.regex(/^[0-9]{1,12}-[0-9]{1,6}$/))),
  onramp: z.optional(z.string().check(z.maxLength(32))),
  cache: z.optional(z.enum(['default', 'no-store', 'reload', 'no-cache', 'force-cache', 'only-if-cached'])),
})

export const operationTypeSchema = z.enum(['send', 'receive', 'trade', 'approve', 'mint', 'burn', 'execute'])
export type OperationType = z.infer<typeof operationTypeSchema>

export const historyTransferSchema = z.strictObject({
  direction: z.enum(['in', 'out', 'self']),
  quantity: z.strictObject({ numeric: decimalSchema }),
  fungible_info: z.optional(
    z.strictObject({
      name: z.string().check(z.maxLength(100)),
      symbol: z.string().check(z.maxLength(32)),
      icon: z.optional(z.strictObject({ url: urlSchema })),
    }),
  ),
  nft_info: z.optional(
    z.strictObject({
      name: z.string().check(z.maxLength(200)),
      content: z.optional(z.strictObject({ preview: z.strictObject({ url: urlSchema }) })),
      flags: z.strictObject({ is_spam: z.boolean() }),
    }),
  ),
})
export type HistoryTransfer = z.infer<typeof historyTransferSchema>

export const historyTransactionSchema = z.strictObject({
  id: z.string().check(z.maxLength(100)),
  metadata: z.strictObject({
    operationType: operationTypeSchema,
    hash: z.string().check(z.maxLength(100)),
    /** ISO 8601. */
    minedAt: z.string().check(z.maxLength(40)),
    sentFrom: z.string().check(z.maxLength(100)),
    sentTo: z.string().check(z.maxLength(100)),
    status: z.enum(['confirmed', 'failed']),
    nonce: z.number(),
    chain: caip2Schema,
  }),
  transfers: z.array(historyTransferSchema).check(z.maxLength(100)),
})
export type HistoryTransaction = z.infer<typeof historyTransactionSchema>
export const historyReplySchema = z.strictObject({
  data: z.array(historyTransactionSchema).check(z.maxLength(100)),
  next: z.nullable(z.string().check(z.maxLength(40))),
})
export type HistoryReply = z.infer<typeof historyReplySchema>

/** One NFT an account holds (the Account view's NFTs tab): `GET /v1/account/{address}/nfts`. */
export const nftSchema = z.strictObject({
  chainId: caip2Schema,
  contract: z.string().check(z.maxLength(100)),
  tokenId: z.string().check(z.maxLength(80)),
  name: z.string().check(z.maxLength(200)),
  collection: z.string().check(z.maxLength(100)),
  imageUrl: z.optional(urlSchema),
  isSpam: z.boolean(),
})
export type Nft = z.infer<typeof nftSchema>
export const nftsQuerySchema = z.strictObject({ projectId: projectIdSchema, chainId: caip2Schema })
export const nftsReplySchema = z.strictObject({ nfts: z.array(nftSchema).check(z.maxLength(500)) })

/** `GET /v1/supported-chains?projectId`: the networks the data API serves (SPEC §7). */
export const supportedChainsReplySchema = z.strictObject({
  http: z.array(caip2Schema).check(z.maxLength(200)),
  ws: z.array(caip2Schema).check(z.maxLength(200)),
})
