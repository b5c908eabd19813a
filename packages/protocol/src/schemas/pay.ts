import * as z from 'zod/mini'
import { caipNetworkIdSchema } from './caip.ts'

/**
 * Pay (AppKit Pay's shape): what a site asks the modal to pay. The asset is the network's
 * native currency (`'native'`) or an ERC-20 contract on it; its metadata names and scales the amount.
 * @example { recipient: '0x…', amount: 12.5, paymentAsset: { network: 'eip155:8453', asset: '0x8335…', metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } } }
 */
export const payAssetSchema = z.strictObject({
  network: caipNetworkIdSchema,
  asset: z.union([z.literal('native'), z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))]),
  metadata: z.strictObject({
    name: z.string().check(z.minLength(1), z.maxLength(100)),
    symbol: z.string().check(z.minLength(1), z.maxLength(20)),
    decimals: z.number().check(z.int(), z.minimum(0), z.maximum(36)),
  }),
})
export type PayAsset = z.infer<typeof payAssetSchema>

export const payOptionsSchema = z.strictObject({
  recipient: z.string().check(z.minLength(1), z.maxLength(100)),
  /** Whole units (AppKit passes a number); a decimal string is taken too, for exact amounts. */
  amount: z.union([
    z.number().check(z.positive(), z.maximum(1e18)),
    z.string().check(z.regex(/^[0-9]{1,30}(\.[0-9]{1,36})?$/)),
  ]),
  paymentAsset: payAssetSchema,
})
export type PayOptions = z.infer<typeof payOptionsSchema>

/** What `pay()` resolves with (AppKit Pay's PaymentResult): the transaction hash, or why it did not pay. */
export const payResultSchema = z.strictObject({
  success: z.boolean(),
  result: z.optional(z.string().check(z.maxLength(200))),
  error: z.optional(z.string().check(z.maxLength(500))),
})
export type PayResult = z.infer<typeof payResultSchema>
