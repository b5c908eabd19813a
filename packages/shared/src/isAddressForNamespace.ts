import { isEvmAddress } from './isEvmAddress.ts'
import { isSolanaAddress } from './isSolanaAddress.ts'

// SPEC §5 gives rules for EVM and Solana only. The others are shape checks (alphabet and length), not
// checksums, so that a real address is never refused:
// - bip122: base58 P2PKH/P2SH (1…, 3…, and m…, n…, 2… on testnet), or bech32/bech32m segwit
//   (bc1…, tb1…, bcrt1…), all lower or all upper case as BIP-173 requires.
// - polkadot: SS58, base58 of 35 or 36 bytes.
// - cosmos: bech32 `<prefix>1<data>` of a 20- or 32-byte account.
const BITCOIN_BASE58 = /^[13mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/
const BITCOIN_BECH32 = /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{39,59}$/
const SS58 = /^[1-9A-HJ-NP-Za-km-z]{47,50}$/
const COSMOS_BECH32 = /^[a-z]{1,20}1[02-9ac-hj-np-z]{38,58}$/

function isBitcoinAddress(text: string): boolean {
  if (BITCOIN_BASE58.test(text)) return true
  const lower = text.toLowerCase()
  return (text === lower || text === text.toUpperCase()) && BITCOIN_BECH32.test(lower)
}

/**
 * Whether `text` has the shape of an account address of `namespace`. Unknown namespaces give `false`.
 *
 * @example
 * isAddressForNamespace('eip155', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // true
 * isAddressForNamespace('solana', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') // false
 */
export function isAddressForNamespace(namespace: string, text: string): boolean {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(text)
    case 'solana':
      return isSolanaAddress(text)
    case 'bip122':
      return isBitcoinAddress(text)
    case 'polkadot':
      return SS58.test(text)
    case 'cosmos':
      return COSMOS_BECH32.test(text)
    default:
      return false
  }
}
