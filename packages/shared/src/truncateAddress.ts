/** SPEC §9: addresses keep 4 leading and 6 trailing characters. */
const LEADING = 4
const TRAILING = 6

/**
 * Truncates an address to its first 4 and last 6 characters around '…'. As Reown AppKit
 * (`charsStart: 4, charsEnd: 6`), the count runs over the whole string, so `0x` is part of the 4.
 * Strings that would not get shorter (11 characters or fewer) come back unchanged.
 *
 * @example
 * truncateAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // '0x70…dc79C8'
 */
export function truncateAddress(address: string): string {
  if (address.length <= LEADING + TRAILING + 1) return address
  return `${address.slice(0, LEADING)}…${address.slice(-TRAILING)}`
}
