/** SPEC §5: 40 hex characters, optional 0x. */
export function isEvmAddress(text: string): boolean {
  return /^(0x)?[0-9a-fA-F]{40}$/.test(text)
}

/** SPEC §5: 32 to 44 base58 characters. */
export function isSolanaAddress(text: string): boolean {
  return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)
}

/** SPEC §9: 4 leading and 6 trailing characters. */
export function truncateAddress(address: string, start = 4, end = 6): string {
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(-end)}`
}
