import { invalidInput } from '@modalkit/protocol'
import { decodeBase58, getBytes, toBeHex } from 'ethers'

/**
 * Base58 (Bitcoin alphabet, as Solana uses) to bytes. ethers decodes to a bigint, which drops the
 * leading zero bytes that base58 writes as leading '1's: they are put back here.
 */
export function base58ToBytes(text: string, what: string): Uint8Array {
  if (!/^[1-9A-HJ-NP-Za-km-z]*$/.test(text)) throw invalidInput(what, 'not base58')
  const zeros = /^1*/.exec(text)![0].length
  const rest = text.slice(zeros)
  const body = rest.length === 0 ? new Uint8Array(0) : getBytes(toBeHex(decodeBase58(rest)))
  const bytes = new Uint8Array(zeros + body.length)
  bytes.set(body, zeros)
  return bytes
}
