import { secp256k1 } from '@noble/curves/secp256k1'
import { computeAddress, getBytes, hexlify, Signature } from 'ethers'
import { derivePrivateKey } from './derivePrivateKey.ts'

/**
 * Signs a 32-byte digest with the wallet's EVM key. noble signs with the key held in a Uint8Array we
 * can wipe (an ethers Wallet would keep it as a hex string, which we cannot); RFC 6979 nonces and
 * low-s signatures, as Ethereum requires. Returns the signature and the address that made it.
 */
export function signEvmDigest(seed: Uint8Array, digest: string): { signature: Signature; address: string } {
  const key = derivePrivateKey(seed, 'eip155')
  try {
    const sig = secp256k1.sign(getBytes(digest), key, { lowS: true })
    const address = computeAddress(hexlify(secp256k1.getPublicKey(key, true)))
    const signature = Signature.from({
      r: `0x${sig.r.toString(16).padStart(64, '0')}`,
      s: `0x${sig.s.toString(16).padStart(64, '0')}`,
      v: 27 + sig.recovery,
    })
    return { signature, address }
  } finally {
    key.fill(0)
  }
}
