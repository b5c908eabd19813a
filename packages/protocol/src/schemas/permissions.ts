import * as z from 'zod/mini'
import { stringRecord } from './stringRecord.ts'

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const hex = z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/), z.maxLength(2 + 2 * 16 * 1024))

/**
 * MetaMask's Delegation Framework on a chain (ERC-7715 over ERC-7710): the
 * DelegationManager that redeems a permission, and the caveat enforcers a permission is made of.
 */
export const delegationFrameworkSchema = z.strictObject({
  delegationManager: address,
  enforcers: z.strictObject({
    nativeTokenTransferAmount: address,
    erc20TransferAmount: address,
    exactCalldata: address,
    valueLte: address,
    timestamp: address,
    limitedCalls: address,
  }),
})
export type DelegationFramework = z.infer<typeof delegationFrameworkSchema>

/** The permission types the embedded wallet's smart account grants (ERC-7715's own two token kinds). */
export const PERMISSION_TYPES = ['native-token-transfer', 'erc20-token-transfer'] as const
/** The policies it enforces on chain. */
export const POLICY_TYPES = ['call-limit'] as const
/** ERC-7710 redemption by the site's own account: the only signer type a delegation can name. */
export const SIGNER_TYPES = ['account'] as const

/** Exactly ERC-7715's fields: a field this wallet does not enforce is refused, never echoed as granted. */
const permissionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('native-token-transfer'), data: z.strictObject({ allowance: quantity }) }),
  z.strictObject({
    type: z.literal('erc20-token-transfer'),
    data: z.strictObject({ address, allowance: quantity }),
  }),
])
export type Permission = z.infer<typeof permissionSchema>

const policySchema = z.object({
  type: z.string().check(z.maxLength(64)),
  data: z.optional(stringRecord(z.string().check(z.maxLength(64)), z.unknown())),
})

/**
 * One ERC-7715 PermissionRequest: what `signer` may do from the user's account on `chainId`, until
 * `expiry`. A field the wallet does not know (newer drafts' `rules`) is refused, not dropped: it may
 * be a limit the site counts on.
 */
export const permissionRequestSchema = z.strictObject({
  chainId: quantity,
  address: z.optional(address),
  /** Unix seconds. */
  expiry: z.number().check(z.int(), z.positive()),
  signer: z.object({
    type: z.string().check(z.maxLength(64)),
    data: z.optional(stringRecord(z.string().check(z.maxLength(64)), z.unknown())),
  }),
  permission: z.object({
    type: z.string().check(z.maxLength(64)),
    data: z.optional(stringRecord(z.string().check(z.maxLength(64)), z.unknown())),
  }),
  policies: z.optional(z.array(policySchema).check(z.maxLength(8))),
  /** MetaMask's: whether the user may change the request; this wallet grants as asked or not at all. */
  isAdjustmentAllowed: z.optional(z.boolean()),
})
export type PermissionRequest = z.infer<typeof permissionRequestSchema>

/** `wallet_grantPermissions`: `[PermissionRequest, …]` (at most 4 in one approval). */
export const grantPermissionsParamsSchema = z
  .array(permissionRequestSchema)
  .check(z.minLength(1), z.maxLength(4))

/** The parts of a request the wallet enforces, once its types are known. */
export const grantedPermissionSchema = permissionSchema
export const accountSignerSchema = z.strictObject({
  type: z.literal('account'),
  data: z.strictObject({ address }),
})
export const callLimitPolicySchema = z.strictObject({
  type: z.literal('call-limit'),
  data: z.strictObject({ count: z.number().check(z.int(), z.positive(), z.lte(1_000_000)) }),
})

/** What the wallet answers for each request: the request as granted, and how to redeem it (ERC-7710). */
export const permissionResponseSchema = z.object({
  ...permissionRequestSchema.shape,
  /** `abi.encode(Delegation[])`: the ERC-7710 permission context for `redeemDelegations`. */
  context: hex,
  /** Present while the account is not deployed: the site deploys it by calling `factory` with `factoryData`. */
  accountMeta: z.optional(z.strictObject({ factory: address, factoryData: hex })),
  signerMeta: z.strictObject({ delegationManager: address }),
})
export const grantPermissionsResultSchema = z.array(permissionResponseSchema).check(z.maxLength(4))
export type PermissionResponse = z.infer<typeof permissionResponseSchema>

/** `wallet_revokePermissions`: `[{ permissionContext }]`; answered with `{}` once revoked on chain. */
export const revokePermissionsParamsSchema = z.tuple([z.object({ permissionContext: hex })])

/** ERC-7715's `permissions` capability (wallet_getCapabilities). */
export const permissionsCapabilitySchema = z.strictObject({
  supported: z.boolean(),
  signerTypes: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(16))),
  permissionTypes: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(16))),
  policyTypes: z.optional(z.array(z.string().check(z.maxLength(64))).check(z.maxLength(16))),
})
