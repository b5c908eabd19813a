import * as z from 'zod/mini'

// SPEC §7's convert/* endpoints (Swap over the local Uniswap V2 router), in the shapes
// Reown's swap API gives them. Token and account addresses are CAIP-10 (`eip155:31337:0x…`); the
// native currency is `eip155:<ref>:0xeeee…eeee`. Amounts are integers in the token's smallest unit.

const projectIdSchema = z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[-_a-zA-Z0-9]+$/))
const caip2Schema = z.string().check(z.maxLength(80), z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))
/** CAIP-10 account or token address: `<namespace>:<reference>:<address>`. */
const caip10Schema = z
  .string()
  .check(z.maxLength(160), z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-_a-zA-Z0-9]{1,64}$/))
/** A non-negative integer amount in base units, as text. */
const baseUnitsSchema = z.string().check(z.maxLength(80), z.regex(/^[0-9]+$/))
const hexSchema = z.string().check(z.maxLength(20_000), z.regex(/^0x[0-9a-fA-F]*$/))
const evmAddressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const decimalSchema = z.string().check(z.maxLength(100), z.regex(/^-?[0-9]+(\.[0-9]+)?$/))

/** The address Reown's swap API uses for a chain's native currency. */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** `GET /v1/convert/tokens?projectId&chainId&userAddress`. */
export const convertTokensQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  chainId: caip2Schema,
  /** When given, each token carries the account's balance. */
  userAddress: z.optional(caip10Schema),
})
export const swapTokenSchema = z.strictObject({
  name: z.string().check(z.maxLength(100)),
  symbol: z.string().check(z.maxLength(32)),
  /** CAIP-10 address of the token (the native currency: NATIVE_TOKEN_ADDRESS). */
  address: caip10Schema,
  decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
  /** USD per whole unit, from the project's price table (0 when it has none). */
  price: z.number(),
  /** The account's balance (only with userAddress), as the balance endpoint gives it: its decimals and the amount. */
  quantity: z.optional(z.strictObject({ decimals: decimalSchema, numeric: decimalSchema })),
})
export type SwapToken = z.infer<typeof swapTokenSchema>
export const convertTokensReplySchema = z.strictObject({
  tokens: z.array(swapTokenSchema).check(z.maxLength(200)),
})

/** `GET /v1/convert/quotes?projectId&amount&userAddress&from&to&gasPrice`. */
export const convertQuotesQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  amount: baseUnitsSchema,
  userAddress: caip10Schema,
  from: caip10Schema,
  to: caip10Schema,
  gasPrice: z.optional(baseUnitsSchema),
})
export const swapQuoteSchema = z.strictObject({
  id: z.string().check(z.maxLength(100)),
  fromAmount: baseUnitsSchema,
  fromAccount: caip10Schema,
  toAmount: baseUnitsSchema,
  toAccount: caip10Schema,
  /** How far the trade moves the pool's price, in percent of the mid-price output (fee excluded). */
  priceImpact: z.number(),
  /** The liquidity providers' fee, in base units of the from token (0.3% per hop). */
  fee: baseUnitsSchema,
  /** The router path (EVM addresses; WETH for the native currency). */
  path: z.array(evmAddressSchema).check(z.minLength(2), z.maxLength(4)),
})
export type SwapQuote = z.infer<typeof swapQuoteSchema>
export const convertQuotesReplySchema = z.strictObject({
  quotes: z.array(swapQuoteSchema).check(z.maxLength(10)),
})

/** `GET /v1/convert/allowance?projectId&tokenAddress&userAddress`: what the router may spend. */
export const convertAllowanceQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  tokenAddress: caip10Schema,
  userAddress: caip10Schema,
})
export const convertAllowanceReplySchema = z.strictObject({ allowance: baseUnitsSchema })

/** `GET /v1/convert/gas-price?projectId&chainId`: wei per gas. */
export const convertGasPriceQuerySchema = z.strictObject({ projectId: projectIdSchema, chainId: caip2Schema })
export const convertGasPriceReplySchema = z.strictObject({
  standard: baseUnitsSchema,
  fast: baseUnitsSchema,
  instant: baseUnitsSchema,
})

const swapTxSchema = z.strictObject({
  from: evmAddressSchema,
  to: evmAddressSchema,
  data: hexSchema,
  /** Wei sent with the transaction. */
  amount: baseUnitsSchema,
  eip155: z.strictObject({ gas: baseUnitsSchema, gasPrice: baseUnitsSchema }),
})
export type SwapTx = z.infer<typeof swapTxSchema>

/** `GET /v1/convert/build-approve?projectId&userAddress&from&to&amount`: approve the router. */
export const convertBuildApproveQuerySchema = z.strictObject({
  projectId: projectIdSchema,
  userAddress: caip10Schema,
  from: caip10Schema,
  to: caip10Schema,
  amount: baseUnitsSchema,
})
export const convertBuildApproveReplySchema = z.strictObject({ tx: swapTxSchema })

/** `POST /v1/convert/build-transaction`. Slippage in percent (`'0.5'`). */
export const convertBuildTransactionBodySchema = z.strictObject({
  projectId: projectIdSchema,
  amount: baseUnitsSchema,
  eip155: z.strictObject({ slippage: z.string().check(z.regex(/^[0-9]{1,2}(\.[0-9]{1,2})?$/)) }),
  from: caip10Schema,
  to: caip10Schema,
  userAddress: caip10Schema,
  disableEstimate: z.optional(z.boolean()),
})
export const convertBuildTransactionReplySchema = z.strictObject({
  tx: swapTxSchema,
  /** The least the swap may give (the quote less the slippage), base units of the to token. */
  amountOutMin: baseUnitsSchema,
  /** Unix seconds after which the router refuses the swap. */
  deadline: z.number(),
})
export type ConvertBuildTransactionReply = z.infer<typeof convertBuildTransactionReplySchema>
