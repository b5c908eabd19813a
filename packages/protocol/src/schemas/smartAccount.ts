import * as z from 'zod/mini'
import { projectIdSchema } from './api.ts'
import { delegationFrameworkSchema } from './permissions.ts'

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/), z.maxLength(2 + 2 * 32 * 1024))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

/** `GET /v1/smart-accounts?projectId=…`. */
export const smartAccountsQuerySchema = z.object({
  projectId: projectIdSchema,
  siteOrigin: z.optional(z.string().check(z.maxLength(300))),
})

/**
 * What the API tells the secure frame about ERC-4337: the networks with a bundler (SPEC
 * GET_SMART_ACCOUNT_ENABLED_NETWORKS), the account factory, and whether the project pays its users' gas.
 */
export const smartAccountsReplySchema = z.strictObject({
  networks: z.array(z.string().check(z.regex(/^eip155:[0-9]{1,12}$/))).check(z.maxLength(100)),
  entryPoint: address,
  factory: address,
  sponsored: z.boolean(),
  /** Where ERC-7715 permissions are redeemed; none: the accounts grant none. */
  permissions: z.optional(delegationFrameworkSchema),
})
export type SmartAccountsReply = z.infer<typeof smartAccountsReplySchema>

/** `POST /v1/bundler?chainId=…&projectId=…` and `/v1/paymaster`: the same query as the RPC proxy. */
export const bundlerQuerySchema = z.object({
  chainId: z.string().check(z.regex(/^eip155:[0-9]{1,12}$/)),
  projectId: projectIdSchema,
  siteOrigin: z.optional(z.string().check(z.maxLength(300))),
})

/** The bundler methods the API passes on (ERC-4337 v0.7's JSON-RPC), one request per call. */
export const BUNDLER_METHODS = [
  'eth_chainId',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
  'eth_sendUserOperation',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
] as const

/** A v0.7 user operation as JSON-RPC carries it (ERC-7677's pm_ calls get one with or without gas). */
export const rpcUserOperationSchema = z.object({
  sender: address,
  nonce: quantity,
  factory: z.optional(z.nullable(address)),
  factoryData: z.optional(z.nullable(hex)),
  callData: hex,
  callGasLimit: z.optional(quantity),
  verificationGasLimit: z.optional(quantity),
  preVerificationGas: z.optional(quantity),
  maxFeePerGas: z.optional(quantity),
  maxPriorityFeePerGas: z.optional(quantity),
  paymasterVerificationGasLimit: z.optional(z.nullable(quantity)),
  paymasterPostOpGasLimit: z.optional(z.nullable(quantity)),
})
export type RpcUserOperation = z.infer<typeof rpcUserOperationSchema>

/** ERC-7677: `[userOp, entryPoint, chainId, context]`. */
export const paymasterParamsSchema = z.tuple([rpcUserOperationSchema, address, quantity], z.unknown())

/**
 * The ERC-4337 reads a site may make on a smart account's network (SPEC §6 safe methods): the modal
 * sends them to the API's bundler route, not to the node, which does not know them.
 */
export const BUNDLER_READ_METHODS: readonly string[] = [
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_supportedEntryPoints',
  'eth_estimateUserOperationGas',
]

/**
 * A site's `eth_sendUserOperation` to the embedded wallet's smart account:
 * `[userOp, entryPoint]`. The operation's calls (`callData`) are the account's; the wallet signs it
 * (a `signature` given is replaced) and, when the gas fields are left out, fills them itself.
 */
export const sendUserOperationParamsSchema = z.tuple([
  z.object({
    sender: address,
    callData: hex,
    nonce: z.optional(quantity),
    factory: z.optional(z.nullable(address)),
    factoryData: z.optional(z.nullable(hex)),
    callGasLimit: z.optional(quantity),
    verificationGasLimit: z.optional(quantity),
    preVerificationGas: z.optional(quantity),
    maxFeePerGas: z.optional(quantity),
    maxPriorityFeePerGas: z.optional(quantity),
    paymaster: z.optional(z.nullable(address)),
    paymasterVerificationGasLimit: z.optional(z.nullable(quantity)),
    paymasterPostOpGasLimit: z.optional(z.nullable(quantity)),
    paymasterData: z.optional(z.nullable(hex)),
    signature: z.optional(hex),
  }),
  address,
])
export type SendUserOperationRequest = z.infer<typeof sendUserOperationParamsSchema>[0]
