import * as z from 'zod/mini'

// The same address shapes as @modalkit/shared's isAddressForNamespace (packages import no package):
// base58 P2PKH/P2SH of mainnet and testnet, or bech32/bech32m segwit in one case, never mixed.
const BASE58_ADDRESS = /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/
const BECH32_ADDRESS = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{39,59}$/

function isBitcoinAddress(text: string): boolean {
  if (BASE58_ADDRESS.test(text)) return true
  const lower = text.toLowerCase()
  return (text === lower || text === text.toUpperCase()) && BECH32_ADDRESS.test(lower)
}

/** A Bitcoin address of any kind (P2PKH, P2SH, segwit v0, taproot), mainnet, testnet or regtest. */
export const bitcoinAddressSchema = z
  .string()
  .check(z.maxLength(90), z.refine(isBitcoinAddress, 'Invalid Bitcoin address'))
