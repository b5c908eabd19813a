/**
 * An EVM chain id as the `0x` hex quantity EIP-1193 (`eth_chainId`, `wallet_switchEthereumChain`)
 * uses: lower case, no leading zeros. Throws a `RangeError` for anything but a positive safe integer,
 * rather than sending '0xNaN' to a wallet.
 *
 * @example
 * toHexChainId(1) // '0x1'
 * toHexChainId(8453) // '0x2105'
 */
export function toHexChainId(id: number): `0x${string}` {
  if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`Invalid chain id: ${id}`)
  return `0x${id.toString(16)}`
}
