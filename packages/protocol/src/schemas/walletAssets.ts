import * as z from 'zod/mini'
import { evmAddressSchema } from './auth.ts'
import { hexQuantitySchema } from './embeddedRpc.ts'
import { stringRecord } from './stringRecord.ts'
import { hexChainIdSchema } from './walletCalls.ts'

/**
 * EIP-7811 (wallet asset discovery): wallet_getAssets' params, as a site sends them, and its answer,
 * per chain (hex id) the account's assets. SPEC §6: a safe, silent method.
 */

/** `native`, `erc20`, `erc721` or another kind a wallet names. */
const assetTypeSchema = z.string().check(z.minLength(1), z.maxLength(32))
const assetAddressSchema = z.union([evmAddressSchema, z.literal('native')])

/** wallet_getAssets: [request]. */
export const getAssetsParamsSchema = z.tuple([
  z.strictObject({
    account: evmAddressSchema,
    /** Only these assets (EIP-7811: the other two filters are then ignored). */
    assetFilter: z.optional(
      stringRecord(
        hexChainIdSchema,
        z
          .array(z.strictObject({ address: assetAddressSchema, type: assetTypeSchema }))
          .check(z.maxLength(100)),
      ),
    ),
    assetTypeFilter: z.optional(z.array(assetTypeSchema).check(z.maxLength(16))),
    chainFilter: z.optional(z.array(hexChainIdSchema).check(z.maxLength(64))),
  }),
])
export type GetAssetsParams = z.infer<typeof getAssetsParamsSchema>

const walletAssetSchema = z.strictObject({
  address: assetAddressSchema,
  /** Base units, 0x-hex. */
  balance: hexQuantitySchema,
  type: assetTypeSchema,
  metadata: z.strictObject({
    name: z.string().check(z.maxLength(100)),
    symbol: z.string().check(z.maxLength(32)),
    decimals: z.number().check(z.int(), z.nonnegative(), z.lte(255)),
  }),
})
export type WalletAsset = z.infer<typeof walletAssetSchema>

/** wallet_getAssets' answer: per chain (hex id), the account's assets there. */
export const getAssetsResultSchema = stringRecord(
  hexChainIdSchema,
  z.array(walletAssetSchema).check(z.maxLength(500)),
)
export type GetAssetsResult = z.infer<typeof getAssetsResultSchema>
