import { authShareSchema, invalidInput } from '@modalkit/protocol'

/** A share as the API stores it: standard base64 (`authShareSchema`). */
export function encodeShare(share: Uint8Array): string {
  return btoa(String.fromCharCode(...share))
}

/** The bytes of a base64 share from the API; the key core checks the share itself (`assertShare`). */
export function decodeShare(base64: string): Uint8Array {
  if (!authShareSchema.safeParse(base64).success) throw invalidInput('auth share', 'not base64')
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
}
