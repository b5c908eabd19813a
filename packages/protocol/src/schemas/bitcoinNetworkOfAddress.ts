// No schema here: the loader's Bitcoin script bundles this function alone (apps/host-loader, borrowedProtocol.ts).

/** The Bitcoin network an address is of: mainnet (bc1, 1, 3) or testnet (tb1, m, n, 2), as CAIP-2. */
export function bitcoinNetworkOfAddress(address: string): string | undefined {
  const lower = address.toLowerCase()
  if (lower.startsWith('bc1') || /^[13]/.test(address)) return 'bip122:000000000019d6689c085ae165831e93'
  if (lower.startsWith('tb1') || /^[mn2]/.test(address)) return 'bip122:000000000933ea01ad0ee984209779ba'
  return undefined
}
