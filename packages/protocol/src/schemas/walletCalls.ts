import * as z from 'zod/mini'
import { evmAddressSchema } from './auth.ts'
import { hexDataSchema, hexQuantitySchema } from './embeddedRpc.ts'
import { permissionsCapabilitySchema } from './permissions.ts'
import { stringRecord } from './stringRecord.ts'

/**
 * EIP-5792 (wallet call API, version 2.0.0): the params of wallet_getCapabilities,
 * wallet_sendCalls and wallet_getCallsStatus, and the shapes the embedded wallet answers with.
 * SPEC §5: each call's `to` starts with 0x (an address); `data` starts with 0x when present.
 */

/** The EIP-5792 version the embedded wallet speaks. */
export const CALLS_VERSION = '2.0.0'
/** Most calls one wallet_sendCalls may carry: each is its own transaction and its own approval row. */
export const MAX_CALLS = 10
/** EIP-5792: wallets accept batch ids of up to 4096 bytes. */
export const MAX_CALLS_ID_CHARS = 4096

/** An EIP-155 chain id as EIP-5792 writes it: 0x-hex, no leading zeros. */
export const hexChainIdSchema = z.string().check(z.regex(/^0x[1-9a-fA-F][0-9a-fA-F]{0,15}$/))
export const callsIdSchema = z.string().check(z.minLength(1), z.maxLength(MAX_CALLS_ID_CHARS))
/** Capabilities a dapp attaches: opaque objects keyed by name, checked by the wallet. */
const capabilitiesSchema = stringRecord(z.string().check(z.maxLength(100)), z.unknown())

/** One call of a batch: a transaction without gas, fees or nonce (the wallet fills those). */
export const callSchema = z.strictObject({
  to: z.optional(evmAddressSchema),
  data: z.optional(hexDataSchema),
  value: z.optional(hexQuantitySchema),
  capabilities: z.optional(capabilitiesSchema),
})
export type Call = z.infer<typeof callSchema>

/** wallet_sendCalls: [request]. */
export const sendCallsParamsSchema = z.tuple([
  z.strictObject({
    version: z.string().check(z.minLength(1), z.maxLength(20)),
    id: z.optional(callsIdSchema),
    from: z.optional(evmAddressSchema),
    chainId: hexChainIdSchema,
    atomicRequired: z.boolean(),
    calls: z.array(callSchema).check(z.minLength(1), z.maxLength(MAX_CALLS)),
    capabilities: z.optional(capabilitiesSchema),
  }),
])
export type SendCallsParams = z.infer<typeof sendCallsParamsSchema>

/** wallet_sendCalls' result: the batch id to ask wallet_getCallsStatus about. */
export const sendCallsResultSchema = z.strictObject({ id: callsIdSchema })

/** wallet_getCapabilities: [address, chainIds?]. A missing address is its own error (SPEC §8). */
export const getCapabilitiesParamsSchema = z.union([
  z.tuple([evmAddressSchema]),
  z.tuple([evmAddressSchema, z.array(hexChainIdSchema).check(z.maxLength(64))]),
])

/** Per chain (hex id) its capabilities; an EOA declares only that it cannot batch atomically. */
export const capabilitiesResultSchema = stringRecord(
  hexChainIdSchema,
  z.object({
    atomic: z.optional(z.strictObject({ status: z.enum(['supported', 'ready', 'unsupported']) })),
    /** ERC-7677: a smart account whose project's paymaster pays its gas. */
    paymasterService: z.optional(z.strictObject({ supported: z.boolean() })),
    /** ERC-7715: the permissions a smart account grants. */
    permissions: z.optional(permissionsCapabilitySchema),
  }),
)
export type CapabilitiesResult = z.infer<typeof capabilitiesResultSchema>

/** wallet_getCallsStatus: [id]. */
export const getCallsStatusParamsSchema = z.tuple([callsIdSchema])

const bytes32Schema = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))

/**
 * A transaction receipt as the node answers eth_getTransactionReceipt, reduced to what EIP-5792
 * reports (other fields are dropped).
 */
export const callsReceiptSchema = z.object({
  logs: z
    .array(
      z.object({
        address: evmAddressSchema,
        data: hexDataSchema,
        topics: z.array(bytes32Schema).check(z.maxLength(4)),
      }),
    )
    .check(z.maxLength(10_000)),
  status: z.enum(['0x0', '0x1']),
  blockHash: bytes32Schema,
  blockNumber: hexQuantitySchema,
  gasUsed: hexQuantitySchema,
  transactionHash: bytes32Schema,
})
export type CallsReceipt = z.infer<typeof callsReceiptSchema>

/**
 * EIP-5792 status codes: 100 pending, 200 confirmed, 400 offchain failure (nothing included, no
 * retry), 500 reverted completely, 600 reverted partially.
 */
export const CALLS_STATUS = {
  pending: 100,
  confirmed: 200,
  offchainFailure: 400,
  reverted: 500,
  partial: 600,
} as const
export type CallsStatusCode = (typeof CALLS_STATUS)[keyof typeof CALLS_STATUS]

/** wallet_getCallsStatus' result. */
export const callsStatusSchema = z.strictObject({
  version: z.string().check(z.maxLength(20)),
  id: callsIdSchema,
  chainId: hexChainIdSchema,
  status: z.union([z.literal(100), z.literal(200), z.literal(400), z.literal(500), z.literal(600)]),
  atomic: z.boolean(),
  receipts: z.optional(z.array(callsReceiptSchema).check(z.maxLength(MAX_CALLS))),
})
export type CallsStatus = z.infer<typeof callsStatusSchema>
