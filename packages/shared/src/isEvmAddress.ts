/**
 * SPEC §5: an EVM address is 40 hex characters with an optional `0x`. The EIP-55 checksum is not
 * checked: mixed case is accepted as wallets send it.
 *
 * @example
 * isEvmAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // true
 */
export function isEvmAddress(text: string): boolean {
  return /^(0x)?[0-9a-fA-F]{40}$/.test(text)
}
