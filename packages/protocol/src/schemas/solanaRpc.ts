import * as z from 'zod/mini'
import { toValidationIssues } from '../channel/toValidationIssues.ts'
import { ValidationError } from '../errors/ValidationError.ts'
import type { SolanaSignMethod } from '../rpc/methods.ts'
import {
  base64TransactionSchema,
  MAX_SOLANA_BATCH,
  solanaSignAllTransactionsParamsSchema,
  solanaSignMessageParamsSchema,
  solanaSignTransactionParamsSchema,
} from './embeddedRpc.ts'

/**
 * Replies of the Solana signing methods, in WalletConnect's Solana RPC shapes (messages and
 * signatures base58, transactions base64). The modal parses a wallet's reply with these, the host
 * page's provider parses the modal's answer with them again: each side trusts only what it parsed.
 */

/** An ed25519 signature (64 bytes) in base58: 64 to 88 characters. */
export const solanaSignatureSchema = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/))

/** solana_signMessage → `{ signature }`. */
export const solanaSignMessageResultSchema = z.object({ signature: solanaSignatureSchema })

/**
 * solana_signTransaction as a wallet answers it: the signed transaction is optional in
 * WalletConnect's spec (older wallets return the signature only; the modal puts it in its slot).
 */
export const solanaSignTransactionReplySchema = z.object({
  signature: solanaSignatureSchema,
  transaction: z.optional(base64TransactionSchema),
})

/** solana_signTransaction as the modal answers the host page: always the signed transaction. */
export const solanaSignTransactionResultSchema = z.object({
  signature: solanaSignatureSchema,
  transaction: base64TransactionSchema,
})

/** solana_signAllTransactions → `{ transactions }`, signed, in the order given. */
export const solanaSignAllTransactionsResultSchema = z.object({
  transactions: z.array(base64TransactionSchema).check(z.minLength(1), z.maxLength(MAX_SOLANA_BATCH)),
})

/** solana_signAndSendTransaction → `{ signature }`, the transaction's id on the cluster. */
export const solanaSignAndSendTransactionResultSchema = z.object({ signature: solanaSignatureSchema })

const PARAMS = {
  solana_signMessage: solanaSignMessageParamsSchema,
  solana_signTransaction: solanaSignTransactionParamsSchema,
  solana_signAllTransactions: solanaSignAllTransactionsParamsSchema,
  solana_signAndSendTransaction: solanaSignTransactionParamsSchema,
} as const

const RESULTS = {
  solana_signMessage: solanaSignMessageResultSchema,
  solana_signTransaction: solanaSignTransactionResultSchema,
  solana_signAllTransactions: solanaSignAllTransactionsResultSchema,
  solana_signAndSendTransaction: solanaSignAndSendTransactionResultSchema,
} as const

/** What a wallet may answer: as RESULTS, but solana_signTransaction's transaction is optional. */
const REPLIES = { ...RESULTS, solana_signTransaction: solanaSignTransactionReplySchema } as const

export type SolanaSignParams<M extends SolanaSignMethod> = z.infer<(typeof PARAMS)[M]>
export type SolanaSignResult<M extends SolanaSignMethod> = z.infer<(typeof RESULTS)[M]>
export type SolanaSignReply<M extends SolanaSignMethod> = z.infer<(typeof REPLIES)[M]>

function parse(schema: z.ZodMiniType, value: unknown, what: string): unknown {
  const result = schema.safeParse(value)
  if (!result.success) throw new ValidationError(what, toValidationIssues(result.error.issues))
  return result.data
}

/** A Solana signing request's params, parsed; ValidationError ('Invalid … params') otherwise. */
export function parseSolanaSignParams<M extends SolanaSignMethod>(
  method: M,
  params: unknown,
): SolanaSignParams<M> {
  return parse(PARAMS[method], params, `${method} params`) as SolanaSignParams<M>
}

/** A Solana signing request's result as the modal answers it, parsed; ValidationError otherwise. */
export function parseSolanaSignResult<M extends SolanaSignMethod>(
  method: M,
  result: unknown,
): SolanaSignResult<M> {
  return parse(RESULTS[method], result, `${method} result`) as SolanaSignResult<M>
}

/** A wallet's reply to a Solana signing request (WalletConnect's or the secure frame's), parsed. */
export function parseSolanaSignReply<M extends SolanaSignMethod>(
  method: M,
  reply: unknown,
): SolanaSignReply<M> {
  return parse(REPLIES[method], reply, `${method} reply`) as SolanaSignReply<M>
}
