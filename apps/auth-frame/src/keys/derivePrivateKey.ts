import { HDKey } from '@scure/bip32'
import { bip39SeedFromEntropy } from './bip39SeedFromEntropy.ts'
import { HARDENED, parseHardenedPath, slip10Ed25519 } from './slip10Ed25519.ts'

/** The first account of MetaMask, Rabby and most EVM wallets (BIP-44, coin type 60). */
export const EVM_PATH = "m/44'/60'/0'/0/0"
/** The first account of Phantom and Solflare: SLIP-0010 ed25519, coin type 501, all hardened. */
export const SOLANA_PATH = "m/44'/501'/0'/0'"

const EVM_INDICES = [44 + HARDENED, 60 + HARDENED, HARDENED, 0, 0]
const SOLANA_INDICES = parseHardenedPath(SOLANA_PATH)

export type KeyNamespace = 'eip155' | 'solana'

/**
 * The 32-byte private key of the wallet's account in `namespace`, derived from the seed (BIP-39
 * entropy) the way the wallets named above derive it from the same 24 words. The caller wipes the
 * result (`fill(0)`) when done; every intermediate buffer is wiped here.
 */
export function derivePrivateKey(seed: Uint8Array, namespace: KeyNamespace): Uint8Array {
  const bip39Seed = bip39SeedFromEntropy(seed)
  try {
    return privateKeyFromBip39Seed(bip39Seed, namespace)
  } finally {
    bip39Seed.fill(0)
  }
}

/** As `derivePrivateKey`, from the 64-byte BIP-39 seed (PBKDF2 is the slow step: do it once for both). */
export function privateKeyFromBip39Seed(bip39Seed: Uint8Array, namespace: KeyNamespace): Uint8Array {
  if (namespace === 'solana') {
    const node = slip10Ed25519(bip39Seed, SOLANA_INDICES)
    node.chainCode.fill(0)
    return node.privateKey
  }
  // Child by child rather than `derive(path)`, so each intermediate node can be wiped.
  let node = HDKey.fromMasterSeed(bip39Seed)
  for (const index of EVM_INDICES) {
    const child = node.deriveChild(index)
    node.wipePrivateData()
    node = child
  }
  const key = node.privateKey!.slice()
  node.wipePrivateData()
  return key
}
