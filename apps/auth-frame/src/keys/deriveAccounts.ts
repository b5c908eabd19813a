import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { computeAddress, encodeBase58, hexlify } from 'ethers'
import { bip39SeedFromEntropy } from './bip39SeedFromEntropy.ts'
import { privateKeyFromBip39Seed } from './derivePrivateKey.ts'

export type DeriveAccountsReturnType = {
  eip155: { address: string }
  /** `address` is the base58 public key, as Solana writes it; `publicKey` the same 32 bytes as 0x-hex. */
  solana: { address: string; publicKey: string }
}

/**
 * The wallet's public accounts (SPEC §3 Account): the EVM account at `m/44'/60'/0'/0/0` and the
 * Solana account at `m/44'/501'/0'/0'`.
 *
 * Why BIP-39: the seed is BIP-39 entropy and both keys come from its BIP-39 seed, exactly as MetaMask
 * and Phantom derive them from a phrase. So the 24 words of the seed, if the user ever exports them,
 * open the same two accounts in those wallets: the user is never locked into this product. Using the
 * raw seed as a BIP-32 master seed would give addresses no other wallet can reproduce.
 *
 * Returns public data only; private keys are wiped before it returns.
 */
export function deriveAccounts(seed: Uint8Array): DeriveAccountsReturnType {
  const bip39Seed = bip39SeedFromEntropy(seed)
  const evmKey = privateKeyFromBip39Seed(bip39Seed, 'eip155')
  const solanaKey = privateKeyFromBip39Seed(bip39Seed, 'solana')
  bip39Seed.fill(0)
  try {
    const address = computeAddress(hexlify(secp256k1.getPublicKey(evmKey, true)))
    // Base58 as Solana writes addresses (leading zero bytes as '1'), without @solana/web3.js: the
    // login path of the secure frame must not load Solana's library (it comes with a Solana request).
    const solanaPublicKey = ed25519.getPublicKey(solanaKey)
    return {
      eip155: { address },
      solana: { address: encodeBase58(solanaPublicKey), publicKey: hexlify(solanaPublicKey) },
    }
  } finally {
    evmKey.fill(0)
    solanaKey.fill(0)
  }
}
