import * as z from 'zod/mini'
import { toValidationIssues } from '../channel/toValidationIssues.ts'
import { ValidationError } from '../errors/ValidationError.ts'
import { BITCOIN_METHODS, type BitcoinMethod } from '../rpc/methods.ts'
import { bitcoinAddressSchema } from './bitcoinAddress.ts'

export { bitcoinAddressSchema }

/**
 * The bip122 methods in WalletConnect's Bitcoin RPC shapes (Reown's "Bitcoin RPC" reference):
 * params as the host page sends them to the modal, and replies as the wallet answers. The modal
 * parses the host's params before any wallet sees them and the wallet's reply before the host does;
 * the host's provider parses the modal's answer again: each side trusts only what it parsed.
 *
 * `account` (the connected account's first external address, which WalletConnect requires) is the
 * modal's to fill in: a host may name it, but only as the account that is connected.
 */

/** The longest message signMessage takes, in characters. */
export const MAX_BITCOIN_MESSAGE = 20_000
/** The longest PSBT signPsbt takes, in base64 characters (about 750 KB of PSBT). */
export const MAX_PSBT_BASE64 = 1_000_000
/** The most inputs one signPsbt may ask to sign, and the most addresses getAccountAddresses answers. */
export const MAX_BITCOIN_LIST = 1_000
/** 21 million BTC, in satoshis: no transfer can be larger. */
const MAX_SATOSHIS = 2_100_000_000_000_000n

const hexSchema = (max: number) =>
  z.string().check(
    z.minLength(2),
    z.maxLength(max),
    z.regex(/^[0-9a-fA-F]+$/),
    z.refine((s) => s.length % 2 === 0, 'Odd-length hex'),
  )

/** A transaction id: 32 bytes in hex, without 0x. */
export const bitcoinTxidSchema = z.string().check(z.regex(/^[0-9a-fA-F]{64}$/))

/** A PSBT (BIP-174) in base64: its magic bytes `psbt\xff` encode as `cHNidP8`. */
export const psbtBase64Schema = z.string().check(
  z.maxLength(MAX_PSBT_BASE64),
  z.regex(/^cHNidP8[A-Za-z0-9+/]*={0,2}$/),
  z.refine((s) => s.length % 4 === 0, 'Invalid base64 length'),
)

const account = { account: z.optional(bitcoinAddressSchema) }

/** signMessage: ECDSA (the legacy Bitcoin Signed Message, WalletConnect's default) or BIP-322. */
export const bitcoinSignMessageParamsShape = {
  ...account,
  message: z.string().check(z.minLength(1), z.maxLength(MAX_BITCOIN_MESSAGE)),
  address: z.optional(bitcoinAddressSchema),
  protocol: z.optional(z.enum(['ecdsa', 'bip322'])),
}
export const bitcoinSignMessageParamsSchema = z.strictObject(bitcoinSignMessageParamsShape)

/** signPsbt: which inputs to sign with which address; `broadcast` asks the wallet to send it too. */
export const bitcoinSignPsbtParamsShape = {
  ...account,
  psbt: psbtBase64Schema,
  signInputs: z
    .array(
      z.strictObject({
        address: bitcoinAddressSchema,
        index: z.number().check(z.int(), z.minimum(0), z.maximum(0xffff_ffff)),
        sighashTypes: z.optional(
          z
            .array(z.number().check(z.int(), z.minimum(0), z.maximum(0xff)))
            .check(z.minLength(1), z.maxLength(8)),
        ),
      }),
    )
    .check(z.minLength(1), z.maxLength(MAX_BITCOIN_LIST)),
  broadcast: z.optional(z.boolean()),
}
export const bitcoinSignPsbtParamsSchema = z.strictObject(bitcoinSignPsbtParamsShape)

/** sendTransfer: `amount` satoshis to one recipient; the wallet signs and broadcasts. */
export const bitcoinSendTransferParamsShape = {
  ...account,
  recipientAddress: bitcoinAddressSchema,
  amount: z.string().check(
    z.regex(/^[1-9][0-9]{0,15}$/),
    z.refine((s) => BigInt(s) <= MAX_SATOSHIS, 'More than 21 million BTC'),
  ),
  changeAddress: z.optional(bitcoinAddressSchema),
  /** The OP_RETURN data in hex, at most 80 bytes. */
  memo: z.optional(hexSchema(160)),
}
export const bitcoinSendTransferParamsSchema = z.strictObject(bitcoinSendTransferParamsShape)

/** getAccountAddresses: optionally only addresses of some intentions ('payment', 'ordinal'). */
export const bitcoinGetAccountAddressesParamsShape = {
  ...account,
  intentions: z.optional(
    z.array(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/))).check(z.minLength(1), z.maxLength(8)),
  ),
}
export const bitcoinGetAccountAddressesParamsSchema = z.strictObject(bitcoinGetAccountAddressesParamsShape)

/** signMessage → the signing address and the signature's bytes in hex. */
export const bitcoinSignMessageReplySchema = z.object({
  address: bitcoinAddressSchema,
  signature: hexSchema(20_000),
  messageHash: z.optional(z.string().check(z.regex(/^[0-9a-fA-F]{64}$/))),
})

/** signPsbt → the signed PSBT, and its transaction id when the wallet broadcast it. */
export const bitcoinSignPsbtReplySchema = z.object({
  psbt: psbtBase64Schema,
  txid: z.optional(bitcoinTxidSchema),
})

/** sendTransfer → the id of the transaction the wallet broadcast. */
export const bitcoinSendTransferReplySchema = z.object({ txid: bitcoinTxidSchema })

/** One address of the account: its public key (hex) and derivation path when the wallet tells them. */
export const bitcoinAccountAddressSchema = z.object({
  address: bitcoinAddressSchema,
  publicKey: z.optional(z.string().check(z.regex(/^([0-9a-fA-F]{64}|[0-9a-fA-F]{66}|[0-9a-fA-F]{130})$/))),
  path: z.optional(z.string().check(z.regex(/^m(\/[0-9]{1,10}['hH]?){0,10}$/))),
  intention: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,32}$/))),
})

/** getAccountAddresses → the account's addresses (the first external one at least). */
export const bitcoinGetAccountAddressesReplySchema = z
  .array(bitcoinAccountAddressSchema)
  .check(z.minLength(1), z.maxLength(MAX_BITCOIN_LIST))

const PARAMS = {
  signMessage: bitcoinSignMessageParamsSchema,
  signPsbt: bitcoinSignPsbtParamsSchema,
  sendTransfer: bitcoinSendTransferParamsSchema,
  getAccountAddresses: bitcoinGetAccountAddressesParamsSchema,
} as const

const REPLIES = {
  signMessage: bitcoinSignMessageReplySchema,
  signPsbt: bitcoinSignPsbtReplySchema,
  sendTransfer: bitcoinSendTransferReplySchema,
  getAccountAddresses: bitcoinGetAccountAddressesReplySchema,
} as const

export type BitcoinParams<M extends BitcoinMethod> = z.infer<(typeof PARAMS)[M]>
/** What the wallet is sent: the host's params with the connected account filled in. */
export type BitcoinWalletParams<M extends BitcoinMethod> = BitcoinParams<M> & { account: string }
export type BitcoinReply<M extends BitcoinMethod> = z.infer<(typeof REPLIES)[M]>
export type BitcoinAccountAddress = z.infer<typeof bitcoinAccountAddressSchema>

export function isBitcoinMethod(method: string): method is BitcoinMethod {
  return (BITCOIN_METHODS as readonly string[]).includes(method)
}

function parse(schema: z.ZodMiniType, value: unknown, what: string): unknown {
  const result = schema.safeParse(value)
  if (!result.success) throw new ValidationError(what, toValidationIssues(result.error.issues))
  return result.data
}

/** A Bitcoin request's params from the host, parsed; ValidationError ('Invalid signPsbt params'). */
export function parseBitcoinParams<M extends BitcoinMethod>(method: M, params: unknown): BitcoinParams<M> {
  return parse(PARAMS[method], params, `${method} params`) as BitcoinParams<M>
}

/** A wallet's reply to a Bitcoin request, parsed; ValidationError ('Invalid signPsbt reply'). */
export function parseBitcoinReply<M extends BitcoinMethod>(method: M, reply: unknown): BitcoinReply<M> {
  return parse(REPLIES[method], reply, `${method} reply`) as BitcoinReply<M>
}

/** The modal's answer to a Bitcoin request, parsed in the host page (the same shapes as the reply). */
export function parseBitcoinResult<M extends BitcoinMethod>(method: M, result: unknown): BitcoinReply<M> {
  return parse(REPLIES[method], result, `${method} result`) as BitcoinReply<M>
}
