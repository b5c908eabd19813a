/**
 * Bytes as standard base64 (with padding): how Solana transactions cross the channel and WalletConnect.
 *
 * @example
 * bytesToBase64(Uint8Array.from([1, 2, 3])) // 'AQID'
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * Standard base64 as bytes, or `undefined` when it is not base64.
 *
 * @example
 * base64ToBytes('AQID') // Uint8Array [1, 2, 3]
 */
export function base64ToBytes(text: string): Uint8Array | undefined {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) return undefined
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}
