import { invalidInput, MAX_SIGN_PAYLOAD_CHARS } from '@modalkit/protocol'
import { hashMessage } from 'ethers'
import { signEvmDigest } from './signEvmDigest.ts'
import { toPersonalMessageBytes } from './toPersonalMessageBytes.ts'

/**
 * EIP-191 version 0x45 signature ("\x19Ethereum Signed Message:\n" + length + message) of a
 * personal_sign message (hex bytes or UTF-8 text). Returns the 65-byte signature as 0x-hex.
 * The prefix is what makes this safe to offer: such a signature is never a valid transaction.
 */
export function signPersonalMessage(seed: Uint8Array, message: string): string {
  if (typeof message !== 'string') throw invalidInput('personal_sign message', 'not a string')
  if (message.length > MAX_SIGN_PAYLOAD_CHARS) throw invalidInput('personal_sign message', 'too long')
  return signEvmDigest(seed, hashMessage(toPersonalMessageBytes(message))).signature.serialized
}
