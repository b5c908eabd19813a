import type { VersionedTransaction } from '@solana/web3.js'
import { listOf, numbered, phrase, type Shown } from '../i18n/phrase.ts'
import {
  COMPUTE_BUDGET_PROGRAM,
  type ComputeBudget,
  describeComputeBudgetInstruction,
  describeSolanaFees,
} from './describeComputeBudget.ts'
import { describeSplTokenInstruction } from './describeSplTokenInstruction.ts'
import { describeSystemInstruction, SYSTEM_PROGRAM } from './describeSystemInstruction.ts'
import { toHex } from './instructionData.ts'
import type { RequestField } from './RequestDescription.ts'

/** One transaction of a request: `accountKeys` are ALL its message's accounts, when resolved. */
export type SolanaTransactionItem = { transaction: VersionedTransaction; accountKeys?: readonly string[] }

/** What the fee lines compare against: the wallet's address, the chain's recent median unit price. */
export type SolanaFeeContext = { wallet?: string | undefined; medianUnitPrice?: bigint | undefined }

/**
 * The approval lines of a Solana request's transactions, numbered when `numbered` (several in one
 * request). Every instruction gets a line: decoded (System, SPL Token and Token-2022, ComputeBudget),
 * or listed with its program, accounts and data; when any is not decoded, a warning saying so is the
 * FIRST line of the whole request.
 */
export function describeSolanaTransactions(
  items: readonly SolanaTransactionItem[],
  context: SolanaFeeContext,
  numbered: boolean,
): RequestField[] {
  let undecoded = 0
  const fields = items.flatMap(({ transaction, accountKeys }, i) => {
    const described = describeSolanaTransaction(
      transaction,
      numbered ? i + 1 : undefined,
      accountKeys,
      context,
    )
    undecoded += described.undecoded
    return described.fields
  })
  if (undecoded === 0) return fields
  const warning: RequestField = {
    label: phrase('solana.undecodedLabel'),
    value: phrase('solana.undecoded', { count: String(undecoded) }),
    warning: true,
  }
  return [warning, ...fields]
}

/**
 * One transaction's lines: the instruction count, the programs, the fees (describeSolanaFees), and
 * one line or more per instruction, with the number of instructions not decoded. Without
 * `accountKeys`, accounts behind a lookup table show as such (the approval path resolves them).
 */
export function describeSolanaTransaction(
  tx: VersionedTransaction,
  index?: number,
  accountKeys?: readonly string[],
  context: SolanaFeeContext = {},
): { fields: RequestField[]; undecoded: number } {
  const { message } = tx
  const keys = accountKeys ?? message.staticAccountKeys.map((k) => k.toBase58())
  const key = (at: number): Shown =>
    keys[at] ?? phrase('value.lookupAccount', { index: String(at - keys.length) })
  const instructions = message.compiledInstructions
  // Each program once, by its address (an unresolved lookup-table account by its index).
  const programs = new Map(
    instructions.map((i) => [keys[i.programIdIndex] ?? i.programIdIndex, i.programIdIndex]),
  )
  const budget: ComputeBudget = {}
  const lines: RequestField[] = []
  let undecoded = 0
  for (const ix of instructions) {
    const programId = keys[ix.programIdIndex]
    const accounts = ix.accountKeyIndexes.map(key)
    const decoded =
      programId === SYSTEM_PROGRAM
        ? describeSystemInstruction(ix.data, accounts, index)
        : programId === COMPUTE_BUDGET_PROGRAM
          ? describeComputeBudgetInstruction(ix.data, budget, index)
          : programId === undefined
            ? undefined
            : describeSplTokenInstruction(programId, ix.data, accounts, index)
    if (decoded) {
      lines.push(...decoded)
      continue
    }
    undecoded++
    const flagged = ix.accountKeyIndexes.map((at) => {
      const writable = message.isAccountWritable(at)
      const signer = message.isAccountSigner(at)
      const which = writable
        ? signer
          ? 'solana.accountWritableSigner'
          : 'solana.accountWritable'
        : signer
          ? 'solana.accountSigner'
          : 'solana.accountReadOnly'
      return phrase(which, { account: key(at) })
    })
    lines.push({
      label: numbered(phrase('solana.unknownInstruction'), index),
      value: phrase('solana.unknownValue', {
        program: key(ix.programIdIndex),
        accounts: flagged.length > 0 ? listOf(flagged) : phrase('value.none'),
        size: phrase('value.bytes', { count: ix.data.length }),
        data: ix.data.length > 0 ? toHex(ix.data) : phrase('value.noData'),
      }),
      warning: true,
    })
  }
  const computeBudgetInstructions = instructions.filter(
    (ix) => keys[ix.programIdIndex] === COMPUTE_BUDGET_PROGRAM,
  ).length
  const fees = describeSolanaFees(
    {
      payer: keys[0] ?? '',
      signatures: message.header.numRequiredSignatures,
      otherInstructions: instructions.length - computeBudgetInstructions,
      budget,
      wallet: context.wallet,
      medianUnitPrice: context.medianUnitPrice,
    },
    index,
  )
  const fields: RequestField[] = [
    { label: numbered(phrase('field.instructions'), index), value: String(instructions.length) },
    { label: numbered(phrase('field.programs'), index), value: listOf([...programs.values()].map(key)) },
    ...fees,
    ...lines,
  ]
  return { fields, undecoded }
}
