import { hmac } from '@noble/hashes/hmac'
import { sha512 } from '@noble/hashes/sha512'

export const HARDENED = 0x8000_0000
const MASTER_KEY = new TextEncoder().encode('ed25519 seed')

export type Slip10Node = { privateKey: Uint8Array; chainCode: Uint8Array }

/**
 * SLIP-0010 private key derivation for ed25519 (https://github.com/satoshilabs/slips/blob/master/slip-0010.md).
 * ed25519 has only hardened children, so `path` is a list of indices below 2^31 that are all hardened
 * here. Intermediate nodes are wiped as soon as their child exists.
 */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Slip10Node {
  let I = hmac(sha512, MASTER_KEY, seed)
  for (const index of path) {
    if (!Number.isInteger(index) || index < 0 || index >= HARDENED) throw new RangeError('bad path index')
    const data = new Uint8Array(37) // 0x00 || k_par (32) || ser32(i + 2^31)
    data.set(I.subarray(0, 32), 1)
    new DataView(data.buffer).setUint32(33, index + HARDENED, false)
    const next = hmac(sha512, I.subarray(32), data)
    data.fill(0)
    I.fill(0)
    I = next
  }
  const node = { privateKey: I.slice(0, 32), chainCode: I.slice(32) }
  I.fill(0)
  return node
}

/** Parses `m/44'/501'/0'/0'` into indices; every segment must be hardened (ed25519 has no other kind). */
export function parseHardenedPath(path: string): number[] {
  const parts = path.split('/')
  if (parts[0] !== 'm') throw new RangeError('path must start with m')
  return parts.slice(1).map((part) => {
    const match = /^(\d{1,10})'$/.exec(part)
    if (!match) throw new RangeError(`not a hardened index: ${part}`)
    const index = Number(match[1])
    if (index >= HARDENED) throw new RangeError(`index too large: ${part}`)
    return index
  })
}
