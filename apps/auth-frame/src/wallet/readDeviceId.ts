import { SESSION_KEYS, type SessionStore } from './SessionStore.ts'

/**
 * This browser's device id: 32 random bytes, base64url, made once and kept in the frame's own
 * storage. Random on purpose (never a fingerprint): the API approves a device by this id, and a
 * browser that loses its storage is a new device again, as it should be.
 */
export function readDeviceId(store: SessionStore): string {
  const existing = store.get(SESSION_KEYS.deviceId)
  if (existing && /^[-_a-zA-Z0-9]{16,128}$/.test(existing)) return existing
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
  store.set(SESSION_KEYS.deviceId, id)
  return id
}
