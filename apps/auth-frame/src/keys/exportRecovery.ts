import { sha256 } from '@noble/hashes/sha256'
import { assertShare } from './combineShares.ts'

/** Version prefix of the recovery text: a later format gets `mkr2-`, and old texts still import. */
export const RECOVERY_PREFIX = 'mkr1-'
export const RECOVERY_CHECKSUM_BYTES = 4

/** The checksum catches typos and truncation (it is not a secret and authenticates nothing). */
export function recoveryChecksum(share: Uint8Array): Uint8Array {
  return sha256(share).slice(0, RECOVERY_CHECKSUM_BYTES)
}

/**
 * The recovery share as text the user keeps: `mkr1-` + base64url(share ‖ first 4 bytes of its
 * SHA-256). One share alone cannot rebuild the seed, so this text is safe to store apart from the
 * device; with the auth share (after login) it restores the wallet on a new device.
 */
export function exportRecovery(recoveryShare: Uint8Array): string {
  assertShare(recoveryShare)
  const bytes = new Uint8Array(recoveryShare.length + RECOVERY_CHECKSUM_BYTES)
  bytes.set(recoveryShare)
  bytes.set(recoveryChecksum(recoveryShare), recoveryShare.length)
  const base64 = btoa(String.fromCharCode(...bytes))
  bytes.fill(0)
  return RECOVERY_PREFIX + base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
