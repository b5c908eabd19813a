import { split } from 'shamir-secret-sharing'
import { assertSeed } from './assertSeed.ts'

export type SplitSeedReturnType = {
  /** Stays on this device, wrapped by a non-extractable key (`createDeviceShareStore`). */
  deviceShare: Uint8Array
  /** Kept by the API, released to the frame only after the user logs in. */
  authShare: Uint8Array
  /** Exported to the user (`exportRecovery`) for a new device or a lost one. */
  recoveryShare: Uint8Array
}

/**
 * Splits the seed 2-of-3 (Shamir over GF(256), the audited `shamir-secret-sharing`): any two shares
 * rebuild it, one alone says nothing about it. So neither the API (auth share) nor a stolen device
 * (device share) can sign alone (SECURITY.md: "one share cannot rebuild a key").
 */
export async function splitSeed(seed: Uint8Array): Promise<SplitSeedReturnType> {
  assertSeed(seed)
  const [deviceShare, authShare, recoveryShare] = await split(seed, 3, 2)
  return { deviceShare: deviceShare!, authShare: authShare!, recoveryShare: recoveryShare! }
}
