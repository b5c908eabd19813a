import { VersionedTransaction } from '@solana/web3.js'
import { base58 } from './base58.ts'
import { invalidParams } from './RpcError.ts'

/** Solana's packet size: the largest serialized transaction a node accepts. */
const PACKET_DATA_SIZE = 1232
const MAX_ENCODED = { base58: 1683, base64: 1644 } as const
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export type DecodedTransaction = { transaction: VersionedTransaction; bytes: Uint8Array }

/** Decodes a wire transaction (legacy or v0) with a node's size limits and error texts (-32602). */
export function decodeTransaction(text: string, encoding: 'base58' | 'base64'): DecodedTransaction {
  const max = MAX_ENCODED[encoding]
  const tooLarge = (size: number) =>
    invalidParams(
      `${encoding} encoded solana_transaction::versioned::VersionedTransaction too large: ${size} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`,
    )
  if (text.length > max) throw tooLarge(text.length)
  const bytes =
    encoding === 'base58'
      ? base58.decode(text)
      : BASE64.test(text)
        ? new Uint8Array(Buffer.from(text, 'base64'))
        : undefined
  if (!bytes || bytes.length === 0) throw invalidParams(`invalid ${encoding} encoding`)
  if (bytes.length > PACKET_DATA_SIZE) throw tooLarge(bytes.length)
  try {
    const transaction = VersionedTransaction.deserialize(bytes)
    if (transaction.signatures.length !== transaction.message.header.numRequiredSignatures)
      throw new Error('signature count does not match the message header')
    return { transaction, bytes }
  } catch (error) {
    throw invalidParams(
      `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${error instanceof Error ? error.message : 'invalid'}`,
    )
  }
}
