import { invalidInput } from '@modalkit/protocol'
import { VersionedTransaction } from '@solana/web3.js'

export type ParsedSolanaTransaction = {
  transaction: VersionedTransaction
  /** The exact message bytes of the input: what a signature covers. */
  messageBytes: Uint8Array
}

const WHAT = 'Solana transaction'

/** Solana's compact-u16 ("shortvec"): 1 to 3 bytes, 7 bits each. */
function readShortVec(bytes: Uint8Array): { value: number; size: number } {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[size]
    if (byte === undefined) break
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return { value, size: size + 1 }
  }
  throw invalidInput(WHAT, 'bad signature count')
}

/**
 * A serialized transaction (base64; legacy or versioned) parsed by @solana/web3.js, plus the exact
 * message bytes of the input. The parse must re-serialize to those same bytes: then what the
 * approval describes (from the parse) and what is signed (the input bytes) cannot diverge.
 */
export function parseSolanaTransaction(base64: string): ParsedSolanaTransaction {
  if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length > 1644) {
    throw invalidInput(WHAT, 'not base64')
  }
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const { value: count, size } = readShortVec(bytes)
  const messageBytes = bytes.slice(size + 64 * count)
  let transaction: VersionedTransaction
  try {
    transaction = VersionedTransaction.deserialize(bytes)
  } catch (error) {
    throw invalidInput(WHAT, error instanceof Error ? error.message.slice(0, 200) : 'cannot be parsed')
  }
  const again = transaction.message.serialize()
  if (again.length !== messageBytes.length || again.some((byte, i) => byte !== messageBytes[i])) {
    throw invalidInput(WHAT, 'not in canonical form')
  }
  if (transaction.signatures.length !== transaction.message.header.numRequiredSignatures) {
    throw invalidInput(WHAT, 'signature count does not match the message')
  }
  return { transaction, messageBytes }
}
