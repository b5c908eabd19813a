import * as z from 'zod/mini'
import { evmAddressSchema } from './auth.ts'
import { stringRecord } from './stringRecord.ts'

/**
 * Parameters of the unsafe RPC requests the secure frame signs (SPEC §6, §7 "Supported RPC methods").
 * The frame parses them with these schemas before it shows or signs anything; what the schemas cannot
 * express (checksums, chain ids, a transaction's canonical bytes) the frame's key core checks next.
 */

/** Largest payload accepted for one request: far above any real transaction or typed-data message. */
export const MAX_SIGN_PAYLOAD_CHARS = 262_144
/** Most transactions one solana_signAllTransactions may carry. */
export const MAX_SOLANA_BATCH = 50

/** A JSON-RPC quantity (leading zeros tolerated: dapps send them and wallets accept them). */
export const hexQuantitySchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
export const hexDataSchema = z
  .string()
  .check(z.maxLength(MAX_SIGN_PAYLOAD_CHARS), z.regex(/^0x([0-9a-fA-F]{2})*$/))
const bytes32Schema = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))
const base58Schema = z.string().check(z.minLength(1), z.maxLength(2048), z.regex(/^[1-9A-HJ-NP-Za-km-z]+$/))
/** A serialized Solana transaction: at most 1232 bytes on the wire, so at most 1644 base64 characters. */
export const base64TransactionSchema = z
  .string()
  .check(z.minLength(4), z.maxLength(1644), z.regex(/^[A-Za-z0-9+/]+={0,2}$/))

/** personal_sign: [message, address]; the message is 0x-hex bytes or text. */
export const personalSignParamsSchema = z.tuple([
  z.string().check(z.maxLength(MAX_SIGN_PAYLOAD_CHARS)),
  evmAddressSchema,
])
export type PersonalSignParams = z.infer<typeof personalSignParamsSchema>

/**
 * EIP-712 names are identifiers. A name or type carrying `,` `(` `)` or a space would be spliced into
 * the type string that is hashed, so a struct shown as one thing could hash as another (a
 * Delegation's caveats, a permit's fields): refused.
 */
const identifier = z.string().check(z.regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,255}$/))
const typeName = z.string().check(z.regex(/^[A-Za-z_$][A-Za-z0-9_$]{0,255}(\[[0-9]{0,10}\]){0,8}$/))

const typedDataFieldSchema = z.strictObject({ name: identifier, type: typeName })

/** EIP-712 typed data, as eth_signTypedData_v4 carries it (the JSON string parsed). */
export const typedDataSchema = z.object({
  types: stringRecord(identifier, z.array(typedDataFieldSchema).check(z.maxLength(256))),
  primaryType: identifier,
  domain: z.strictObject({
    name: z.optional(z.string().check(z.maxLength(256))),
    version: z.optional(z.string().check(z.maxLength(256))),
    chainId: z.optional(
      z.union([
        z.number().check(z.int(), z.nonnegative()),
        z.string().check(z.regex(/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/)),
      ]),
    ),
    verifyingContract: z.optional(evmAddressSchema),
    salt: z.optional(bytes32Schema),
  }),
  message: stringRecord(z.string(), z.unknown()),
})
export type TypedData = z.infer<typeof typedDataSchema>

/** eth_signTypedData_v4: [address, typed data as a JSON string (or already an object)]. */
export const signTypedDataV4ParamsSchema = z.tuple([
  evmAddressSchema,
  z.union([z.string().check(z.maxLength(MAX_SIGN_PAYLOAD_CHARS)), stringRecord(z.string(), z.unknown())]),
])
export type SignTypedDataV4Params = z.infer<typeof signTypedDataV4ParamsSchema>

/**
 * The transaction object of eth_sendTransaction. Nonce, gas and fees are optional here because dapps
 * usually leave them out; the frame fills them by RPC before signing. Types 0, 1 and 2 only: blob and
 * EIP-7702 transactions are not something an embedded wallet signs for a web page.
 */
export const evmTransactionRequestSchema = z.object({
  from: z.optional(evmAddressSchema),
  to: z.optional(z.nullable(evmAddressSchema)),
  value: z.optional(hexQuantitySchema),
  data: z.optional(hexDataSchema),
  input: z.optional(hexDataSchema),
  gas: z.optional(hexQuantitySchema),
  gasPrice: z.optional(hexQuantitySchema),
  maxFeePerGas: z.optional(hexQuantitySchema),
  maxPriorityFeePerGas: z.optional(hexQuantitySchema),
  nonce: z.optional(hexQuantitySchema),
  chainId: z.optional(hexQuantitySchema),
  type: z.optional(z.enum(['0x0', '0x1', '0x2'])),
  accessList: z.optional(
    z
      .array(z.strictObject({ address: evmAddressSchema, storageKeys: z.array(bytes32Schema) }))
      .check(z.maxLength(256)),
  ),
})
export type EvmTransactionRequest = z.infer<typeof evmTransactionRequestSchema>

/** eth_sendTransaction: [transaction]. */
export const sendTransactionParamsSchema = z.tuple([evmTransactionRequestSchema])

/** solana_signMessage: the message in base58 (WalletConnect's shape), and the signer. */
export const solanaSignMessageParamsSchema = z.object({ message: base58Schema, pubkey: base58Schema })
export type SolanaSignMessageParams = z.infer<typeof solanaSignMessageParamsSchema>

/** solana_signTransaction and solana_signAndSendTransaction: one serialized transaction in base64. */
export const solanaSignTransactionParamsSchema = z.object({
  transaction: base64TransactionSchema,
  sendOptions: z.optional(stringRecord(z.string(), z.unknown())),
})
export type SolanaSignTransactionParams = z.infer<typeof solanaSignTransactionParamsSchema>

/** solana_signAllTransactions. */
export const solanaSignAllTransactionsParamsSchema = z.object({
  transactions: z.array(base64TransactionSchema).check(z.minLength(1), z.maxLength(MAX_SOLANA_BATCH)),
})
export type SolanaSignAllTransactionsParams = z.infer<typeof solanaSignAllTransactionsParamsSchema>
