import { createHmac } from 'node:crypto'
import { type AuthKeys, allKeySets } from './authKeys.ts'

const hash = (key: Buffer, deviceId: string) =>
  `d1.${createHmac('sha256', key).update(`device\0${deviceId}`).digest('base64url')}`

/**
 * How a device id is stored (approved devices, sessions, pending requests): a keyed hash, so a leaked
 * table does not hand out the ids that make a browser a known device. Keyed with the current secret.
 */
export function hashDeviceId(keys: AuthKeys, deviceId: string): string {
  return hash(keys.otp, deviceId)
}

/** The stored forms under every known secret, current first: an approval survives a rotation. */
export function deviceIdHashes(keys: AuthKeys, deviceId: string): string[] {
  return allKeySets(keys).map((set) => hash(set.otp, deviceId))
}
