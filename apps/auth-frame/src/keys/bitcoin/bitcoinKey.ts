import { secp256k1 } from '@noble/curves/secp256k1'
import { bytesToHex } from '@noble/hashes/utils'
import { HDKey } from '@scure/bip32'
import { networks, payments } from 'bitcoinjs-lib'
import { bip39SeedFromEntropy } from '../bip39SeedFromEntropy.ts'
import { HARDENED } from '../slip10Ed25519.ts'

/** Which Bitcoin chain an account is for: mainnet (`bc1…`) or a test network (`tb1…`). */
export type BitcoinChain = 'mainnet' | 'testnet'

/** The account's public data, as getAccountAddresses tells it. */
export type BitcoinAccount = {
  chain: BitcoinChain
  /** The P2WPKH address (BIP-173 bech32). */
  address: string
  /** The compressed public key, hex. */
  publicKey: string
  path: string
  /** The output script paying this account: what each input this wallet signs must spend. */
  script: Uint8Array
}

/**
 * BIP-84 (native SegWit, P2WPKH), the first receiving address of the first account:
 * `m/84'/0'/0'/0/0` on mainnet, `m/84'/1'/0'/0/0` on test networks (BIP-44 coin type 1 for every
 * testnet, SLIP-44). The same path Bitcoin Core's descriptor wallets, Sparrow, Electrum and hardware
 * wallets use for `wpkh`, so the 24 words open this account there too.
 */
export const bitcoinPath = (chain: BitcoinChain) => `m/84'/${chain === 'mainnet' ? 0 : 1}'/0'/0/0`

export const networkOf = (chain: BitcoinChain) => (chain === 'mainnet' ? networks.bitcoin : networks.testnet)

const indicesOf = (chain: BitcoinChain) => [
  84 + HARDENED,
  (chain === 'mainnet' ? 0 : 1) + HARDENED,
  HARDENED,
  0,
  0,
]

/** The account's private key from the 64-byte BIP-39 seed; the caller wipes it (`fill(0)`). */
export function bitcoinKeyFromBip39Seed(bip39Seed: Uint8Array, chain: BitcoinChain): Uint8Array {
  // Child by child rather than `derive(path)`, so each intermediate node can be wiped.
  let node = HDKey.fromMasterSeed(bip39Seed)
  for (const index of indicesOf(chain)) {
    const child = node.deriveChild(index)
    node.wipePrivateData()
    node = child
  }
  const key = node.privateKey!.slice()
  node.wipePrivateData()
  return key
}

/** As `bitcoinKeyFromBip39Seed`, from the seed (BIP-39 entropy); every intermediate buffer wiped. */
export function deriveBitcoinKey(seed: Uint8Array, chain: BitcoinChain): Uint8Array {
  const bip39Seed = bip39SeedFromEntropy(seed)
  try {
    return bitcoinKeyFromBip39Seed(bip39Seed, chain)
  } finally {
    bip39Seed.fill(0)
  }
}

/** The public account of a private key (the key is not kept). */
export function bitcoinAccountOf(privateKey: Uint8Array, chain: BitcoinChain): BitcoinAccount {
  const pubkey = secp256k1.getPublicKey(privateKey, true)
  const payment = payments.p2wpkh({ pubkey, network: networkOf(chain) })
  return {
    chain,
    address: payment.address!,
    publicKey: bytesToHex(pubkey),
    path: bitcoinPath(chain),
    script: payment.output!,
  }
}

/** The seed's Bitcoin account on `chain` (public data only; the key is wiped before it returns). */
export function deriveBitcoinAccount(seed: Uint8Array, chain: BitcoinChain): BitcoinAccount {
  const key = deriveBitcoinKey(seed, chain)
  try {
    return bitcoinAccountOf(key, chain)
  } finally {
    key.fill(0)
  }
}
