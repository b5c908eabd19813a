import { InvalidShareError } from './keyErrors.ts'

/** A share encrypted at rest: AES-256-GCM with a fresh 96-bit IV per write. */
export type WrappedShare = { iv: Uint8Array<ArrayBuffer>; ciphertext: Uint8Array<ArrayBuffer> }

/**
 * The key that wraps the device share. `extractable: false`: script in the frame can use it but
 * never read its bytes, so a copy of the IndexedDB files (backup, forensic image, another profile)
 * yields ciphertext without a key, and even an XSS in the frame cannot carry the key elsewhere.
 * It can still decrypt while it runs: the frame's strict CSP is the defence there (SECURITY.md).
 */
export function createWrappingKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt'])
}

const aad = (context: string) => new TextEncoder().encode(`modalkit/device-share/v1:${context}`)

/**
 * Encrypts a share. `context` (the user id) is bound as associated data, so one user's record
 * copied under another user's id fails to unwrap instead of decrypting.
 */
export async function wrapShare(key: CryptoKey, share: Uint8Array, context: string): Promise<WrappedShare> {
  const iv = crypto.getRandomValues(new Uint8Array(12))
  const plain = share.slice() // WebCrypto takes ArrayBuffer-backed views only
  try {
    const ciphertext = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: aad(context) },
      key,
      plain,
    )
    return { iv, ciphertext: new Uint8Array(ciphertext) }
  } finally {
    plain.fill(0)
  }
}

/** Decrypts a wrapped share; a wrong key, context or a tampered record gives InvalidShareError. */
export async function unwrapShare(
  key: CryptoKey,
  wrapped: WrappedShare,
  context: string,
): Promise<Uint8Array> {
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: wrapped.iv, additionalData: aad(context) },
      key,
      wrapped.ciphertext,
    )
    return new Uint8Array(plain)
  } catch (cause) {
    throw Object.assign(new InvalidShareError('device share failed to unwrap'), { cause })
  }
}
