/**
 * SPEC §5: a Solana address is 32 to 44 base58 characters (no 0, O, I or l).
 *
 * @example
 * isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM') // true
 */
export function isSolanaAddress(text: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)
}
