import { type PublicKey, TransactionInstruction } from '@solana/web3.js'
import { TOKEN_PROGRAM_ID } from './parseTokenAccount.ts'

// SPL Token instructions written out by hand (no @solana/spl-token here): the real token program,
// which litesvm ships, runs them. Numbers are the token program's instruction tags.

export const initializeMint2 = (mint: PublicKey, decimals: number, authority: PublicKey) =>
  new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [{ pubkey: mint, isSigner: false, isWritable: true }],
    data: Buffer.from([20, decimals, ...authority.toBytes(), 0]),
  })

export const initializeAccount3 = (account: PublicKey, mint: PublicKey, owner: PublicKey) =>
  new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: account, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
    ],
    data: Buffer.from([18, ...owner.toBytes()]),
  })

export const mintTo = (mint: PublicKey, account: PublicKey, authority: PublicKey, amount: bigint) => {
  const data = Buffer.alloc(9)
  data[0] = 7
  data.writeBigUInt64LE(amount, 1)
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: mint, isSigner: false, isWritable: true },
      { pubkey: account, isSigner: false, isWritable: true },
      { pubkey: authority, isSigner: true, isWritable: false },
    ],
    data,
  })
}

/** Transfer (tag 3): `amount` base units from one token account to another, signed by the owner. */
export const transfer = (source: PublicKey, destination: PublicKey, owner: PublicKey, amount: bigint) => {
  const data = Buffer.alloc(9)
  data[0] = 3
  data.writeBigUInt64LE(amount, 1)
  return new TransactionInstruction({
    programId: TOKEN_PROGRAM_ID,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data,
  })
}
