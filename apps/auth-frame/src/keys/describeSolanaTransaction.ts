import { SystemProgram, type VersionedTransaction } from '@solana/web3.js'
import { formatUnits } from 'ethers'
import { listOf, numbered, phrase, type Shown } from '../i18n/phrase.ts'
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
  index?: number,
  accountKeys?: readonly string[],
): RequestField[] {
  const { message } = tx
  const keys = accountKeys ?? message.staticAccountKeys.map((k) => k.toBase58())
  const key = (at: number): Shown =>
    keys[at] ?? phrase('value.lookupAccount', { index: String(at - keys.length) })
  const instructions = message.compiledInstructions
  // Each program once, by its address (an unresolved lookup-table account by its index).
  const programs = new Map(
    instructions.map((i) => [keys[i.programIdIndex] ?? i.programIdIndex, i.programIdIndex]),
  )
  const fields: RequestField[] = [
    { label: numbered(phrase('field.instructions'), index), value: String(instructions.length) },
    { label: numbered(phrase('field.programs'), index), value: listOf([...programs.values()].map(key)) },
  ]
  for (const ix of instructions) {
    const data = ix.data
    const programId = keys[ix.programIdIndex]
    const token =
      programId === undefined
        ? undefined
        : describeSplTokenInstruction(programId, data, ix.accountKeyIndexes.map(key), index)
    if (token) {
      fields.push(token)
      continue
    }
    // SystemProgram Transfer: u32 LE instruction index 2, then u64 LE lamports; accounts [from, to].
    if (programId !== SystemProgram.programId.toBase58() || data.length !== 12) continue
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (view.getUint32(0, true) !== 2) continue
    const lamports = view.getBigUint64(4, true)
    fields.push({
      label: numbered(phrase('field.transfer'), index),
      value: phrase('solana.transfer', {
        amount: `${formatUnits(lamports, 9)} SOL`,
        from: key(ix.accountKeyIndexes[0]!),
        to: key(ix.accountKeyIndexes[1]!),
      }),
    })
  }
  return fields
}
