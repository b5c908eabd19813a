import { ValidationError } from '@modalkit/protocol'
import { base64ToBytes, bytesToBase64, decodeBase58 } from '@modalkit/shared'

const WHAT = 'solana_signTransaction reply'
const invalid = (message: string) => new ValidationError(WHAT, [{ code: 'custom', path: [], message }])

/** Solana's compact-u16 ("shortvec") at `offset`: its value and how many bytes it takes. */
function readShortVec(bytes: Uint8Array, offset: number): { value: number; size: number } {
  let value = 0
  for (let size = 0; size < 3; size++) {
    const byte = bytes[offset + size]
    if (byte === undefined) break
    value |= (byte & 0x7f) << (7 * size)
    if ((byte & 0x80) === 0) return { value, size: size + 1 }
  }
  throw invalid('bad length prefix')
}

/**
 * A serialized transaction (base64, legacy or versioned) with `signature` put in `signer`'s slot:
 * WalletConnect's solana_signTransaction lets a wallet answer with the signature alone, and the
 * site expects the signed transaction. Only the signature slot changes; the message bytes stay.
 */
export function insertSolanaSignature(transaction: string, signer: string, signature: string): string {
  const bytes = base64ToBytes(transaction)
  const key = decodeBase58(signer)
  const sig = decodeBase58(signature)
  if (!bytes || key?.length !== 32 || sig?.length !== 64)
    throw invalid('not a transaction, key and signature')
  const signatures = readShortVec(bytes, 0)
  let offset = signatures.size + 64 * signatures.value
  if ((bytes[offset] ?? 0) & 0x80) offset++ // versioned message: one prefix byte
  const required = bytes[offset]
  if (required === undefined) throw invalid('truncated message')
  const keys = readShortVec(bytes, offset + 3)
  const first = offset + 3 + keys.size
  const slots = Math.min(required, signatures.value, keys.value)
  for (let i = 0; i < slots; i++) {
    const at = first + 32 * i
    if (at + 32 > bytes.length) break
    if (key.every((byte, j) => bytes[at + j] === byte)) {
      bytes.set(sig, signatures.size + 64 * i)
      return bytesToBase64(bytes)
    }
  }
  throw invalid('the account is not a signer of the transaction')
}
