import { SystemProgram, type VersionedTransaction } from '@solana/web3.js'
import { formatUnits } from 'ethers'
import { describeSplTokenInstruction } from './describeSplTokenInstruction.ts'
import type { RequestField } from './RequestDescription.ts'

/**
 * A Solana transaction's approval lines: the instruction count, the programs, and each instruction
 * the frame can decode (SystemProgram transfers, SPL Token and Token-2022) in words. `accountKeys`
 * are ALL the message's accounts, lookup-table ones resolved from the chain (resolveLookupTables);
 * without them, accounts behind a lookup table show as such, and the approval path refuses those.
 */
export function describeSolanaTransaction(
  tx: VersionedTransaction,
  prefix = '',
  accountKeys?: readonly string[],
): RequestField[] {
  const { message } = tx
  const keys = accountKeys ?? message.staticAccountKeys.map((k) => k.toBase58())
  const key = (index: number) => keys[index] ?? `lookup table account #${index - keys.length}`
  const instructions = message.compiledInstructions
  const fields: RequestField[] = [
    { label: `${prefix}Instructions`, value: String(instructions.length) },
    {
      label: `${prefix}Programs`,
      value: [...new Set(instructions.map((i) => key(i.programIdIndex)))].join(', '),
    },
  ]
  for (const ix of instructions) {
    const data = ix.data
    const token = describeSplTokenInstruction(
      key(ix.programIdIndex),
      data,
      ix.accountKeyIndexes.map(key),
      prefix,
    )
    if (token) {
      fields.push(token)
      continue
    }
    // SystemProgram Transfer: u32 LE instruction index 2, then u64 LE lamports; accounts [from, to].
    if (key(ix.programIdIndex) !== SystemProgram.programId.toBase58() || data.length !== 12) continue
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (view.getUint32(0, true) !== 2) continue
    const lamports = view.getBigUint64(4, true)
    fields.push({
      label: `${prefix}Transfer`,
      value: `${formatUnits(lamports, 9)} SOL from ${key(ix.accountKeyIndexes[0]!)} to ${key(ix.accountKeyIndexes[1]!)}`,
    })
  }
  return fields
}
