import { invalidInput } from '@modalkit/protocol'
import { ed25519 } from '@noble/curves/ed25519'
import { VersionedMessage } from '@solana/web3.js'
import { derivePrivateKey } from './derivePrivateKey.ts'

const MAX_MESSAGE_BYTES = 65_536

/** True when `bytes` is exactly a serialized Solana transaction message (legacy or versioned). */
function isTransactionMessage(bytes: Uint8Array): boolean {
  try {
    const again = VersionedMessage.deserialize(bytes).serialize()
    return again.length === bytes.length && again.every((byte, i) => byte === bytes[i])
  } catch {
    return false
  }
}

/**
 * The wallet's ed25519 signature (64 bytes) of exactly `message`. Solana signs transactions as raw
 * message bytes with no domain prefix, so a "message" that is a transaction message would be a
 * transaction signature in disguise: such bytes are refused here (they must go through
 * signSolanaTransaction, whose approval shows the instructions).
 */
export function signSolanaMessage(seed: Uint8Array, message: Uint8Array): Uint8Array {
  if (!(message instanceof Uint8Array)) throw invalidInput('Solana message', 'not bytes')
  if (message.length > MAX_MESSAGE_BYTES) throw invalidInput('Solana message', 'too long')
  if (isTransactionMessage(message)) throw invalidInput('Solana message', 'is a transaction message')
  const key = derivePrivateKey(seed, 'solana')
  try {
    return ed25519.sign(message, key)
  } finally {
    key.fill(0)
  }
}
