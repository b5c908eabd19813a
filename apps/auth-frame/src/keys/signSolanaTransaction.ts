import {
  parseWith,
  type SolanaSignTransactionParams,
  solanaSignTransactionParamsSchema,
} from '@modalkit/protocol'
import { ed25519 } from '@noble/curves/ed25519'
import { PublicKey } from '@solana/web3.js'
import { encodeBase58 } from 'ethers'
import { derivePrivateKey } from './derivePrivateKey.ts'
import { AccountMismatchError } from './keyErrors.ts'
import { parseSolanaTransaction } from './parseSolanaTransaction.ts'

export type SignSolanaTransactionReturnType = {
  /** The wallet's ed25519 signature of the transaction's message, base58 (as Solana writes it). */
  signature: string
  /** The transaction with that signature in the wallet's slot, base64, ready to send. */
  transaction: string
}

/** Signs parsed transactions with the Solana key, derived once for all of them and wiped after. */
export function signParsedSolanaTransactions(
  seed: Uint8Array,
  transactions: readonly string[],
): SignSolanaTransactionReturnType[] {
  const parsed = transactions.map(parseSolanaTransaction) // all checked before anything is signed
  const key = derivePrivateKey(seed, 'solana')
  try {
    const signer = new PublicKey(ed25519.getPublicKey(key))
    return parsed.map(({ transaction, messageBytes }) => {
      const signers = transaction.message.staticAccountKeys.slice(
        0,
        transaction.message.header.numRequiredSignatures,
      )
      const slot = signers.findIndex((account) => account.equals(signer))
      if (slot < 0) throw new AccountMismatchError(signer.toBase58())
      const signature = ed25519.sign(messageBytes, key)
      transaction.signatures[slot] = signature
      return {
        signature: encodeBase58(signature),
        transaction: btoa(String.fromCharCode(...transaction.serialize())),
      }
    })
  } finally {
    key.fill(0)
  }
}

/** solana_signTransaction: `{ transaction }` (base64, legacy or versioned) signed by this wallet. */
export function signSolanaTransaction(
  seed: Uint8Array,
  params: SolanaSignTransactionParams,
): SignSolanaTransactionReturnType {
  const { transaction } = parseWith(
    solanaSignTransactionParamsSchema,
    params,
    'solana_signTransaction params',
  )
  return signParsedSolanaTransactions(seed, [transaction])[0]!
}
