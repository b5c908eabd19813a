import { type ReplaceShareReply, shareReplaceTypedData } from '@modalkit/protocol'
import { sha256 } from '@noble/hashes/sha256'
import { TypedDataEncoder } from 'ethers'
import type { AuthApiClient } from '../api/createAuthApiClient.ts'
import { signEvmDigest } from '../keys/signEvmDigest.ts'
import { encodeShare } from './encodeShare.ts'

export type SendShareReplacementParameters = {
  api: AuthApiClient
  userId: string
  /** The wallet's seed, rebuilt for this call by the caller (`withCheckedSeed`), which wipes it. */
  seed: Uint8Array
  /** The new auth share: a share of the same seed. */
  share: Uint8Array
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * Replaces the API's auth share the one way the API accepts: with a fresh single-use nonce, and the
 * account's own EIP-712 signature over the user id, the SHA-256 of the new share, the nonce and its
 * expiry (`shareReplaceTypedData`, under the domain no site may ask the frame to sign). The key signs
 * inside the frame; only the signature and the share (as before) leave it.
 */
export async function sendShareReplacement({
  api,
  userId,
  seed,
  share,
}: SendShareReplacementParameters): Promise<ReplaceShareReply> {
  const { nonce, expiresAt } = await api.shareNonce()
  const { domain, types, message } = shareReplaceTypedData({
    userId,
    shareSha256: hex(sha256(share)),
    nonce,
    expiresAt,
  })
  const signature = signEvmDigest(seed, TypedDataEncoder.hash(domain, types, message)).signature.serialized
  return api.replaceShare({ share: encodeShare(share), nonce, signature })
}
